/**
 * A stored table view read back (`table-view.ts` writes them): checked field by field against
 * the game's input, and made into the snapshot's shape the table's elements read, with what the
 * machine would take. Anything amiss reads as null: the table is then not drawn from it.
 */
import {
  applyVerdict,
  areDice,
  isScore,
  scoresHighFirst,
  settleLift,
  settleMiaAccepted,
  type Settlement,
} from '../rules';
import {
  TABLE_VIEW_FIELDS,
  TABLE_VIEW_VERSION,
  PLAIN,
  DICE_BIT,
  KINDS,
  idPart,
  type TableView,
  type ViewFields,
} from './table-view';
import {
  PHASES,
  SENSOR_EVENT_TYPES,
  WARNING_CODES,
  type ClaimRecord,
  type GameContext,
  type GameEvent,
  type GameInput,
  type GameWarning,
} from './types';

const isIndex = (value: unknown, length: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < length;
const isCount = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0;
const counts = (value: unknown, every: number): value is number[] =>
  Array.isArray(value) && value.length % every === 0 && value.every(isCount);

/** `raw` checked as a view of the game `id` with `input`, or null (not one, or not drawable). */
function checked(raw: unknown, id: string, input: GameInput): ViewFields | null {
  if (!Array.isArray(raw) || raw.length !== TABLE_VIEW_FIELDS.length) return null;
  const v = Object.fromEntries(
    TABLE_VIEW_FIELDS.map((name, i) => [name, raw[i]]),
  ) as Partial<ViewFields>;
  const seats = input.players.length;
  const seat = (value: unknown) => isIndex(value, seats);
  const ok =
    v.v === TABLE_VIEW_VERSION &&
    v.g === idPart(id) &&
    isCount(v.at) &&
    // A game over is drawn by its own screen, from the whole game.
    isIndex(v.p, PHASES.length - 1) &&
    seat(v.t) &&
    (v.c === null || isScore(v.c)) &&
    Array.isArray(v.r) &&
    v.r.length === 5 &&
    isCount(v.r[0]) &&
    seat(v.r[1]) &&
    (v.r[4] === -1 || seat(v.r[4])) &&
    counts(v.k, 4) &&
    counts(v.l, 1) &&
    v.l.length === seats &&
    counts(v.w, 5) &&
    (v.o === null || (Array.isArray(v.o) && v.o.length === 6 && counts(v.o, 1))) &&
    isCount(v.d) &&
    isCount(v.b) &&
    isCount(v.cl) &&
    isCount(v.bl);
  return ok ? (v as ViewFields) : null;
}

/** The claims of the round, from their numbers. */
function claimsOf(k: number[]): ClaimRecord[] {
  const claims: ClaimRecord[] = [];
  for (let i = 0; i < k.length; i += 4) {
    claims.push({ seat: k[i], score: k[i + 1], kind: KINDS[k[i + 2]], kept: k[i + 3] === 1 });
  }
  return claims;
}

function warningsOf(w: number[], round: number): GameWarning[] {
  const warnings: GameWarning[] = [];
  for (let i = 0; i < w.length; i += 5) {
    const [code, event, phase, turn, count] = w.slice(i, i + 5);
    warnings.push({
      code: WARNING_CODES[code],
      event: SENSOR_EVENT_TYPES[event],
      phase: PHASES[phase],
      turn,
      round,
      count,
    });
  }
  return warnings;
}

/** The last outcome, settled again from its facts by the table's rules. */
function outcomeOf(o: ViewFields['o'], lives: number[], input: GameInput): Settlement | null {
  if (!o) return null;
  const [kind, a, claimer, claim, shown, lost] = o;
  const verdict =
    kind === 0
      ? settleLift(
          { lifter: a, claimer, claim, dice: [Math.floor(shown / 10), shown % 10] },
          input.rules,
        )
      : settleMiaAccepted({ accepter: a, claimer, claim });
  // The lives before it: the loser had what they have now and what they lost.
  const before = [...lives];
  before[verdict.loser] += lost;
  return applyVerdict(verdict, before, input.rules);
}

/** The table the stored `raw` view shows of the game `id` with `input`, or null. */
export function readTableView(raw: unknown, id: string, input: GameInput): TableView | null {
  const v = checked(raw, id, input);
  if (!v) return null;
  const phase = PHASES[v.p];
  const [number, opener, rolled, looked, lifter] = v.r;
  const context: GameContext = {
    rules: input.rules,
    players: input.players.map((name, seat) => ({ name, lives: v.l[seat] })),
    turn: v.t,
    claim: v.c,
    round: {
      number,
      opener,
      claims: claimsOf(v.k),
      rolled: rolled === 1,
      looked: looked === 1,
      lifter: lifter === -1 ? null : lifter,
    },
    history: [],
    lastOutcome: outcomeOf(v.o, v.l, input),
    result: null,
    warnings: warningsOf(v.w, number),
    past: new Array(v.d),
  };
  const scores = scoresHighFirst(input.rules);
  const can = (event: GameEvent): boolean => {
    if ((SENSOR_EVENT_TYPES as readonly string[]).includes(event.type)) return true;
    switch (event.type) {
      case 'CLAIM':
      case 'PASS_BLIND': {
        const i = scores.indexOf(event.score);
        return i >= 0 && ((event.type === 'CLAIM' ? v.cl : v.bl) & (1 << i)) !== 0;
      }
      case 'DICE':
        return (v.b & DICE_BIT) !== 0 && areDice(event.dice);
      default: {
        const i = PLAIN.indexOf(event.type as (typeof PLAIN)[number]);
        return i >= 0 && (v.b & (1 << i)) !== 0;
      }
    }
  };
  return { phase, context, at: v.at, can };
}
