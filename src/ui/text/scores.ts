/** Scores and counts in words. */
import { msg, str } from '@lit/localize';
import { MIA } from '../../rules';

/** A score as players say it: "61", or "21 (Mia)". */
export const scoreText = (score: number): string =>
  score === MIA ? msg(str`${score} (Mia)`) : String(score);

/** "1 life", "2 lives". */
export const livesText = (count: number): string =>
  count === 1 ? msg('1 life') : msg(str`${count} lives`);
