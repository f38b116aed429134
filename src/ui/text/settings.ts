/** Labels for the rule settings editor. */
import { msg } from '@lit/localize';
import { SETTING_VALUES, type RuleSet } from '../../rules';

/** A value a setting can take, with its words. */
export type Choice = { value: unknown; label: string };

export const settingLabels = (): Record<keyof RuleSet, string> => ({
  startingLives: msg('Lives'),
  doubles: msg('Doubles order'),
  littleMia: msg('Little Mia (31 second)'),
  blindPass: msg('Blind pass'),
  believerLooks: msg('Believers look'),
  equalClaims: msg('Equal claims'),
  miaAccept: msg('Give up to a Mia'),
  miaPenalty: msg('Mia penalty'),
  miaBluffCostsTwo: msg('Mia bluff costs 2'),
  lieCostsTwo: msg('Lie costs 2'),
  starter: msg('Who opens next'),
  end: msg('Game ends'),
  maxPlayers: msg('Most players'),
});

/** The words of each value a setting offers (no two settings share a value but yes and no). */
const VALUE_WORDS: Record<string, () => string> = {
  'ones-high': () => msg('11 highest'),
  'sixes-high': () => msg('66 highest'),
  off: () => msg('Not allowed'),
  raise: () => msg('Must raise'),
  repeat: () => msg('May repeat'),
  'true-mia': () => msg('Lifting a real Mia'),
  'any-mia': () => msg('Any Mia, called or rolled'),
  loser: () => msg('The loser'),
  'after-loser': () => msg('After the loser'),
  claimer: () => msg('The lifted claimer'),
  'last-standing': () => msg('One player left'),
  'first-out': () => msg('First player out'),
  false: () => msg('No'),
  true: () => msg('Yes'),
};

/** The values a setting offers (all but the lives), with their words, in button order. */
export const settingChoices = (key: keyof typeof SETTING_VALUES): Choice[] =>
  SETTING_VALUES[key].map((value) => ({ value, label: VALUE_WORDS[String(value)]() }));
