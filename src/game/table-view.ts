/**
 * The table as a small stored record: what a restore draws before the round machine is loaded
 * (players' lives, the round, the standing claim, whose turn, the last outcome, this round's
 * warnings, and what the action area offers). The store writes one with every batch of steps,
 * in the same transaction (`src/data`), so it is never ahead of or behind the log; the first
 * screen reads it back against the game's input (`readTableView`, in `table-view-read.ts`). No
 * xstate here (types aside): the view is read before the machine loads.
 *
 * Kept small, since it is written with every step: seats and scores as numbers, codes as
 * indexes into the lists they come from, and the last outcome as the few facts the rules settle
 * it from again. What the machine would take (`snapshot.can`) is stored as bits, so the view
 * offers exactly what the machine offered.
 */
import { scoresHighFirst } from '../rules';
import type { GameSnapshot } from './machine';
import {
  PHASES,
  SENSOR_EVENT_TYPES,
  WARNING_CODES,
  type GameContext,
  type GameEvent,
  type Phase,
} from './types';

/** The stored view's format: a view of another format is not drawn (the restore waits). */
export const TABLE_VIEW_VERSION = 1;

/** The events without a payload the view keeps `can` for, by bit. */
export const PLAIN = ['ROLL', 'PEEK', 'LIFT', 'ACCEPT_MIA', 'UNDO'] as const;
export const DICE_BIT = 1 << PLAIN.length;
export const KINDS = ['rolled', 'blind'] as const;

/** A table view's fields (see the module comment for why they are spelled so tersely). */
export interface ViewFields {
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

export const idPart = (id: string) => id.slice(0, 6);

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
