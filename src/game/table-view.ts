/**
 * The table as a small stored record: what a restore draws before the round machine is loaded
 * (players' lives, the round, the standing claim, whose turn, the last outcome, this round's
 * warnings, and what the action area offers). The store writes one with every batch of steps,
 * in the same transaction (`src/data`), so it is never ahead of or behind the log; the first
 * screen reads it back against the game's input (`readTableView`). No xstate here (types
 * aside): the first chunk reads views.
 *
 * Kept small, since it is written with every step: seats and scores as numbers, codes as
 * indexes into the lists they come from, and the last outcome as the few facts the rules settle
 * it from again. What the machine would take (`snapshot.can`) is stored as bits, so the view
 * offers exactly what the machine offered.
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
import type { GameSnapshot } from './machine';
import {
  PHASES,
  SENSOR_EVENT_TYPES,
  WARNING_CODES,
  type ClaimRecord,
  type GameContext,
  type GameEvent,
  type GameInput,
  type GameWarning,
  type Phase,
} from './types';

/** The stored view's format: a view of another format is not drawn (the restore waits). */
export const TABLE_VIEW_VERSION = 1;

/** The events without a payload the view keeps `can` for, by bit. */
const PLAIN = ['ROLL', 'PEEK', 'LIFT', 'ACCEPT_MIA', 'UNDO'] as const;
const DICE_BIT = 1 << PLAIN.length;
const KINDS = ['rolled', 'blind'] as const;

/** A table view's fields (see the module comment for why they are spelled so tersely). */
interface ViewFields {
  v: number;
  /** The start of the game's id (6 characters): a view of another game is never drawn. */
  g: string;
  /** How many steps the game had. */
  at: number;
  /** The phase, by index in `PHASES`. */
  p: number;
  t: number;
  c: number | null;
  /** The round: number, opener, rolled, looked, lifter (-1: none). */
  r: [number, number, 0 | 1, 0 | 1, number];
  /** The round's claims, four numbers each: seat, score, kind index, kept. */
  k: number[];
  /** Each seat's lives. */
  l: number[];
  /**
   * The last outcome: lift (0) or Mia given up (1), the lifter (or the one who gave up), the
   * claimer, the claim, the score shown, the lives lost.
   */
  o: [0 | 1, number, number, number, number, number] | null;
  /** This round's warnings, five numbers each: code, event, phase, turn, count (by index). */
  w: number[];
  /** The undo depth. */
  d: number;
  /** Bits of `can`: the plain events, then DICE. */
  b: number;
  /** Bits of `can` for CLAIM and PASS_BLIND, by index in `scoresHighFirst(rules)`. */
  cl: number;
  bl: number;
}

/** The fields in the order they are stored: as an array, without their names. */
export const TABLE_VIEW_FIELDS = [
  'v',
  'g',
  'at',
  'p',
  't',
  'c',
  'r',
  'k',
  'l',
  'o',
  'w',
  'd',
  'b',
  'cl',
  'bl',
] as const;

/** A table view as stored: its fields' values, in the order of `FIELDS`. */
export type StoredTableView = ViewFields[keyof ViewFields][];

const pack = (fields: ViewFields): StoredTableView => TABLE_VIEW_FIELDS.map((name) => fields[name]);

/** A view read back: the snapshot's shape the table's elements read, and what it would take. */
export interface TableView {
  phase: Phase;
  context: GameContext;
  /** How many steps the game had. */
  at: number;
  can(event: GameEvent): boolean;
}

const bitsOf = (scores: readonly number[], allowed: (score: number) => boolean): number =>
  scores.reduce((bits, score, i) => (allowed(score) ? bits | (1 << i) : bits), 0);

const idPart = (id: string) => id.slice(0, 6);

/** The view of the game in `snapshot`, which had `at` steps (game `id`). */
export function tableViewOf(
  snapshot: Pick<GameSnapshot, 'value' | 'context' | 'can'>,
  id: string,
  at: number,
): StoredTableView {
  return pack(fieldsOf(snapshot, id, at));
}

function fieldsOf(
  snapshot: Pick<GameSnapshot, 'value' | 'context' | 'can'>,
  id: string,
  at: number,
): ViewFields {
  const { context } = snapshot;
  const { round, rules, lastOutcome } = context;
  const scores = scoresHighFirst(rules);
  const can = (event: GameEvent) => snapshot.can(event);
  let b = PLAIN.reduce((bits, type, i) => (can({ type }) ? bits | (1 << i) : bits), 0);
  if (can({ type: 'DICE', dice: [2, 1] })) b |= DICE_BIT;
  const verdict = lastOutcome?.verdict;
  return {
    v: TABLE_VIEW_VERSION,
    g: idPart(id),
    at,
    p: PHASES.indexOf(snapshot.value as Phase),
    t: context.turn,
    c: context.claim,
    r: [round.number, round.opener, round.rolled ? 1 : 0, round.looked ? 1 : 0, round.lifter ?? -1],
    k: round.claims.flatMap((c) => [c.seat, c.score, KINDS.indexOf(c.kind), c.kept ? 1 : 0]),
    l: context.players.map((p) => p.lives),
    o: !verdict
      ? null
      : verdict.kind === 'lift'
        ? [0, verdict.lifter, verdict.claimer, verdict.claim, verdict.shown, lastOutcome.livesLost]
        : [1, verdict.loser, verdict.claimer, verdict.claim, 0, lastOutcome.livesLost],
    w: context.warnings
      .filter((w) => w.round === round.number)
      .flatMap((w) => [
        WARNING_CODES.indexOf(w.code),
        SENSOR_EVENT_TYPES.indexOf(w.event),
        PHASES.indexOf(w.phase),
        w.turn,
        w.count,
      ]),
    d: context.past.length,
    b,
    cl: bitsOf(scores, (score) => can({ type: 'CLAIM', score })),
    bl: bitsOf(scores, (score) => can({ type: 'PASS_BLIND', score })),
  };
}

/** Whether the game in `snapshot` is the table `stored` shows (its step count aside). */
export function showsTable(
  snapshot: Pick<GameSnapshot, 'value' | 'context' | 'can'>,
  stored: StoredTableView,
): boolean {
  const at = TABLE_VIEW_FIELDS.indexOf('at');
  const now = tableViewOf(snapshot, String(stored[1]), Number(stored[at]));
  return JSON.stringify(now) === JSON.stringify(stored);
}

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
