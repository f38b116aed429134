/**
 * What the spoken referee says (`ui/platform/speech.ts` says it): scores as players say them
 * ("sixty-two", "sekstito", "zweiundsechzig", "toogtres", "Mia!"), and one announcement per
 * step of the game, worked out from the game before and after the step.
 */
import { msg, str } from '@lit/localize';
import type { GameContext, Phase } from '../../game';
import { MIA } from '../../rules';
import { getLocale, type AppLocale } from '../localize';
import { scoreName } from './scores';
import { verdictDetails, verdictHeadline } from './verdict';

/** How each language builds a two-digit number from its tens and units. */
const NUMBERS: Record<AppLocale, (tens: number, units: number) => string> = {
  en: (t, u) =>
    `${['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty'][t]}-${['', 'one', 'two', 'three', 'four', 'five'][u]}`,
  nb: (t, u) =>
    `${['', '', 'tjue', 'tretti', 'førti', 'femti', 'seksti'][t]}${['', 'en', 'to', 'tre', 'fire', 'fem'][u]}`,
  de: (t, u) =>
    `${['', 'ein', 'zwei', 'drei', 'vier', 'fünf'][u]}und${['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig'][t]}`,
  da: (t, u) =>
    `${['', 'en', 'to', 'tre', 'fire', 'fem'][u]}og${['', '', 'tyve', 'tredive', 'fyrre', 'halvtreds', 'tres'][t]}`,
};

/** Is the score the table's Little Mia (31 where it ranks just under Mia)? */
const isLittleMia = (score: number, littleMia: boolean): boolean => littleMia && score === 31;

/**
 * A score as players say it in the table's language: "sixty-two", "double 4", "Mia" (and
 * "Little Mia" for 31 where it ranks second).
 */
export function spokenScore(score: number, littleMia = false): string {
  if (isLittleMia(score, littleMia)) return msg('Little Mia');
  const name = scoreName(score);
  if (name !== null) return name;
  const locale = getLocale() as AppLocale;
  return (NUMBERS[locale] ?? NUMBERS.en)(Math.floor(score / 10), score % 10);
}

/** The part of a game's snapshot an announcement reads. */
export interface Moment {
  phase: Phase;
  context: GameContext;
}

/** A claim as it is announced: "Olaf: sixty-two.", "Olaf: Mia!", "Olaf passes blind: sixty-two." */
function claimSaid(context: GameContext): string | null {
  const last = context.round.claims.at(-1);
  if (!last) return null;
  const name = context.players[last.seat].name;
  const score = spokenScore(last.score, context.rules.littleMia);
  if (last.kind === 'blind') return msg(str`${name} passes blind: ${score}.`);
  return last.score === MIA ? msg(str`${name}: ${score}!`) : msg(str`${name}: ${score}.`);
}

/**
 * What the referee says after a step from `before` to `after`: the claim, a blind pass, who
 * lifts, the verdict with eliminations, the winner or the next opener. Null for a step that is
 * not announced (a roll, a look, an undo).
 */
export function announcement(before: Moment, after: Moment): string | null {
  const [b, a] = [before.context, after.context];
  if (a.past.length <= b.past.length) return null;
  const names = a.players.map((p) => p.name);
  if (a.history.length > b.history.length && a.lastOutcome) {
    const say = (score: number) => spokenScore(score, a.rules.littleMia);
    const headline = verdictHeadline(a.lastOutcome, names, say);
    return [headline, ...verdictDetails(a.lastOutcome, names, a.round.number)].join(' ');
  }
  if (after.phase === 'lifting' && before.phase !== 'lifting') {
    const last = a.round.claims.at(-1);
    const lifter = a.round.lifter;
    if (!last || lifter === null) return null;
    const claim = spokenScore(last.score, a.rules.littleMia);
    return msg(str`${names[lifter]} lifts ${names[last.seat]}'s ${claim}!`);
  }
  if (a.round.claims.length > b.round.claims.length) return claimSaid(a);
  return null;
}
