/** A settled round in words: what the dice showed, who loses what and why, what happens next. */
import { msg, str } from '@lit/localize';
import type { Settlement, TwoLifeReason } from '../../rules';
import { livesText, scoreText } from './scores';

const TWO_LIVES: Record<TwoLifeReason, () => string> = {
  'true-mia': () => msg('Lifting a real Mia costs 2 lives.'),
  'mia-called': () => msg('A Mia was called, so the loser loses 2 lives.'),
  'mia-under-cup': () => msg('Mia was under the cup, so the loser loses 2 lives.'),
  'mia-bluff': () => msg('A caught Mia bluff costs 2 lives.'),
  lie: () => msg('At this table a caught lie costs 2 lives.'),
};

/** Why the loser loses two lives. */
export const twoLivesReasonText = (reason: TwoLifeReason): string => TWO_LIVES[reason]();

/**
 * The verdict itself: "Dice 41, claim 61: Olaf bluffed and loses 1 life." `score` words the
 * scores (the spoken referee says them as players do).
 */
export function verdictHeadline(
  outcome: Settlement,
  names: readonly string[],
  score: (score: number) => string = scoreText,
): string {
  const { verdict, livesLost } = outcome;
  const loser = names[verdict.loser];
  const lost = livesText(livesLost);
  if (verdict.kind === 'mia-accepted') {
    const claimer = names[verdict.claimer];
    return msg(str`${loser} gives up to ${claimer}'s Mia and loses ${lost}.`);
  }
  const dice = score(verdict.shown);
  const claim = score(verdict.claim);
  return verdict.claimHeld
    ? msg(str`Dice ${dice}, claim ${claim}: the claim holds, so ${loser} loses ${lost}.`)
    : msg(str`Dice ${dice}, claim ${claim}: ${loser} bluffed and loses ${lost}.`);
}

/** The sentences after the headline: why two lives, elimination, the end or the next opener. */
export function verdictDetails(
  outcome: Settlement,
  names: readonly string[],
  nextRound: number,
): string[] {
  const { verdict, livesLost, eliminated, result, nextOpener } = outcome;
  const loser = names[verdict.loser];
  const lines: string[] = [];
  if (verdict.twoLivesBecause) lines.push(twoLivesReasonText(verdict.twoLivesBecause));
  if (livesLost < verdict.penalty) {
    lines.push(msg(str`${loser} had only ${livesText(livesLost)} left to lose.`));
  }
  if (eliminated) lines.push(msg(str`${loser} is out.`));
  if (result?.kind === 'last-standing') {
    lines.push(msg(str`${names[result.winner]} wins the game!`));
  } else if (result?.kind === 'first-out') {
    lines.push(msg(str`${names[result.loser]} is the first out and loses the game.`));
  } else if (nextOpener !== null) {
    lines.push(msg(str`${names[nextOpener]} opens round ${nextRound}.`));
  }
  return lines;
}

/** Headline and details as one announcement (for the live region and the history). */
export const verdictText = (
  outcome: Settlement,
  names: readonly string[],
  nextRound: number,
): string =>
  [verdictHeadline(outcome, names), ...verdictDetails(outcome, names, nextRound)].join(' ');
