/** The five table traditions of Mia, each a preset of settings (see ../../README.md). */
import { DEFAULT_MAX_PLAYERS, MOST_PLAYERS, type RuleSet } from '../rules';

export type PresetId = 'longhall' | 'pub' | 'lizumo' | 'box' | 'norwegian';

const base = {
  littleMia: false,
  believerLooks: false,
  equalClaims: false,
  miaAccept: true,
  miaPenalty: 'true-mia',
  miaBluffCostsTwo: false,
  lieCostsTwo: false,
  end: 'last-standing',
  maxPlayers: DEFAULT_MAX_PLAYERS,
} as const satisfies Partial<RuleSet>;

export const presets: Record<PresetId, RuleSet> = {
  /**
   * 000: three lives, 11 the top double, blind passes may repeat, any Mia costs two; "any
   * number more than one can play".
   */
  longhall: {
    ...base,
    maxPlayers: MOST_PLAYERS,
    startingLives: 3,
    doubles: 'ones-high',
    blindPass: 'repeat',
    miaAccept: false,
    miaPenalty: 'any-mia',
    starter: 'claimer',
  },
  /** 001: believing means looking; the first player out loses the game. */
  pub: {
    ...base,
    startingLives: 6,
    doubles: 'ones-high',
    blindPass: 'raise',
    believerLooks: true,
    starter: 'after-loser',
    end: 'first-out',
  },
  /** 002: no blind passes; the loser opens. */
  lizumo: {
    ...base,
    startingLives: 6,
    doubles: 'sixes-high',
    blindPass: 'off',
    starter: 'loser',
  },
  /** 003: "no shake accept" blind passes; the player after the loser opens. */
  box: {
    ...base,
    startingLives: 6,
    doubles: 'sixes-high',
    blindPass: 'raise',
    starter: 'after-loser',
  },
  /**
   * 004: the Norwegian text, two to eight players; house options (three lives, equal claims,
   * costly lies) are settings.
   */
  norwegian: {
    ...base,
    maxPlayers: 8,
    startingLives: 6,
    doubles: 'sixes-high',
    blindPass: 'raise',
    starter: 'loser',
  },
};

export const PRESET_IDS = Object.keys(presets) as PresetId[];

/**
 * A rule set stored before rule sets had a player limit, with one: the limit of the preset it
 * otherwise matches, else the default. Anything else is returned as it is.
 */
export function withPlayerLimit(rules: unknown): unknown {
  if (typeof rules !== 'object' || rules === null || 'maxPlayers' in rules) return rules;
  const given = rules as Partial<RuleSet>;
  const like = PRESET_IDS.find((id) =>
    (Object.keys(given) as (keyof RuleSet)[]).every((key) => presets[id][key] === given[key]),
  );
  return { ...given, maxPlayers: like ? presets[like].maxPlayers : DEFAULT_MAX_PLAYERS };
}

/** The preset a rule set is exactly, or null when it has been adjusted. */
export function presetOf(rules: RuleSet): PresetId | null {
  const same = (a: RuleSet, b: RuleSet) =>
    (Object.keys(a) as (keyof RuleSet)[]).every((key) => a[key] === b[key]);
  return PRESET_IDS.find((id) => same(presets[id], rules)) ?? null;
}
