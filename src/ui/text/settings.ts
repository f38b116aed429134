/** Labels for the rule settings editor. */
import { msg } from '@lit/localize';
import type { RuleSet } from '../../rules';

type Choice<K extends keyof RuleSet> = { value: RuleSet[K]; label: string };

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
});

export const yesNo = (): Choice<'littleMia'>[] => [
  { value: false, label: msg('No') },
  { value: true, label: msg('Yes') },
];

export const choiceLabels = () => ({
  doubles: [
    { value: 'ones-high', label: msg('11 highest') },
    { value: 'sixes-high', label: msg('66 highest') },
  ] satisfies Choice<'doubles'>[],
  blindPass: [
    { value: 'off', label: msg('Not allowed') },
    { value: 'raise', label: msg('Must raise') },
    { value: 'repeat', label: msg('May repeat') },
  ] satisfies Choice<'blindPass'>[],
  miaPenalty: [
    { value: 'true-mia', label: msg('Lifting a real Mia') },
    { value: 'any-mia', label: msg('Any Mia, called or rolled') },
  ] satisfies Choice<'miaPenalty'>[],
  starter: [
    { value: 'loser', label: msg('The loser') },
    { value: 'after-loser', label: msg('After the loser') },
    { value: 'claimer', label: msg('The lifted claimer') },
  ] satisfies Choice<'starter'>[],
  end: [
    { value: 'last-standing', label: msg('One player left') },
    { value: 'first-out', label: msg('First player out') },
  ] satisfies Choice<'end'>[],
});
