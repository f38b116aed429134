/**
 * A table's rules: every point where the five traditions differ, as a setting.
 * See ../../README.md and the presets in src/game/presets.ts.
 */
import type { DoublesOrder } from './ranking';

export interface RuleSet {
  /** Lives each player starts with. */
  startingLives: number;
  /** Which double is the highest. */
  doubles: DoublesOrder;
  /** Danish "Little Mia": 31 ranks just under 21. */
  littleMia: boolean;
  /**
   * Hand the cup on without rolling or looking. 'raise': with a higher claim; 'repeat': also
   * with the same claim, except that the player who first called that score must raise when it
   * comes back round to them.
   */
  blindPass: 'off' | 'raise' | 'repeat';
  /** Believing means looking at the dice under the cup, then keeping them or re-rolling. */
  believerLooks: boolean;
  /** A claim may equal the standing one (never a Mia: nothing follows a Mia). */
  equalClaims: boolean;
  /** Facing a Mia claim, a player may give up 1 life without looking. */
  miaAccept: boolean;
  /**
   * 'true-mia': lifting a real Mia claim costs 2 lives. 'any-mia': whoever loses loses 2 when
   * Mia was called or lies under the cup.
   */
  miaPenalty: 'true-mia' | 'any-mia';
  /** A Mia claim caught as a bluff costs its caller 2 lives. */
  miaBluffCostsTwo: boolean;
  /** Any caught lie costs 2 lives. */
  lieCostsTwo: boolean;
  /** Who opens the next round: the loser, the player after the loser, or the lifted claimer. */
  starter: 'loser' | 'after-loser' | 'claimer';
  /** The game ends when one player is left, or when the first player is out (who loses). */
  end: 'last-standing' | 'first-out';
  /** The most players the tradition seats (at least `MIN_PLAYERS`, at most `MOST_PLAYERS`). */
  maxPlayers: number;
}

/**
 * Every setting name, in the order a settings panel shows them. The player limit is not among
 * them: it is the tradition's, shown with the players.
 */
export const RULE_KEYS = [
  'startingLives',
  'doubles',
  'littleMia',
  'blindPass',
  'believerLooks',
  'equalClaims',
  'miaAccept',
  'miaPenalty',
  'miaBluffCostsTwo',
  'lieCostsTwo',
  'starter',
  'end',
] as const satisfies readonly (keyof RuleSet)[];

export const MAX_LIVES = 20;

/** Every tradition needs two players at least. */
export const MIN_PLAYERS = 2;
/** The most players any rule set may seat ("any number more than one": a long hall table). */
export const MOST_PLAYERS = 16;
/** The limit of a rule set that names none (older stored games; texts that set no limit). */
export const DEFAULT_MAX_PLAYERS = 10;

/** What is wrong with a rule set: it is missing, or a setting has a value no table uses. */
export type RuleSetProblem = { code: 'no-rules' } | { code: 'bad-setting'; setting: keyof RuleSet };

/** The values each setting but the lives may take, in the order a settings panel offers them. */
export const SETTING_VALUES: {
  readonly [K in Exclude<keyof RuleSet, 'startingLives' | 'maxPlayers'>]: readonly RuleSet[K][];
} = {
  doubles: ['ones-high', 'sixes-high'],
  littleMia: [false, true],
  blindPass: ['off', 'raise', 'repeat'],
  believerLooks: [false, true],
  equalClaims: [false, true],
  miaAccept: [false, true],
  miaPenalty: ['true-mia', 'any-mia'],
  miaBluffCostsTwo: [false, true],
  lieCostsTwo: [false, true],
  starter: ['loser', 'after-loser', 'claimer'],
  end: ['last-standing', 'first-out'],
};

const isWhole = (value: unknown, min: number, max: number): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function isValid(key: keyof RuleSet, value: unknown): boolean {
  if (key === 'maxPlayers') return isWhole(value, MIN_PLAYERS, MOST_PLAYERS);
  if (key !== 'startingLives') return (SETTING_VALUES[key] as readonly unknown[]).includes(value);
  return isWhole(value, 1, MAX_LIVES);
}

/** Problems with a rule set, as codes (the UI words them); empty when it is usable. */
export function ruleSetProblems(rules: unknown): RuleSetProblem[] {
  if (typeof rules !== 'object' || rules === null) return [{ code: 'no-rules' }];
  const r = rules as Record<string, unknown>;
  const keys = [...RULE_KEYS, 'maxPlayers'] as const;
  return keys
    .filter((key) => !isValid(key, r[key]))
    .map((setting) => ({
      code: 'bad-setting',
      setting,
    }));
}
