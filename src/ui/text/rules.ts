/** A table's rules in plain words: the rules panel and the settings editor. */
import { msg, str } from '@lit/localize';
import type { RuleSet } from '../../rules';
import { livesText } from './scores';

/** One sentence per setting, in the settings panel's order. */
export function rulesInWords(rules: RuleSet): string[] {
  const lives = rules.startingLives;
  return [
    msg(str`Everyone starts with ${livesText(lives)}; a player with none left is out.`),
    rules.doubles === 'ones-high'
      ? msg('Doubles beat every other roll but Mia: 11 is the highest double, 66 the lowest.')
      : msg('Doubles beat every other roll but Mia: 66 is the highest double, 11 the lowest.'),
    rules.littleMia
      ? msg('Little Mia: 31 ranks second, just under Mia (21).')
      : msg('31 is the lowest roll; 21 (Mia) beats everything.'),
    {
      off: msg('Nobody may hand the cup on without rolling.'),
      raise: msg('You may hand the cup on blind (without rolling or looking), claiming higher.'),
      repeat: msg(
        'You may hand the cup on blind, even with the same claim; but whoever first called that score must raise when it comes back to them.',
      ),
    }[rules.blindPass],
    rules.believerLooks
      ? msg(
          'Believing means looking under the cup, then keeping the dice or re-rolling, and claiming higher.',
        )
      : msg('Believing means rolling again without looking at the old dice.'),
    rules.equalClaims
      ? msg('A claim may equal the standing one (but nothing follows a Mia).')
      : msg('Every claim must beat the standing one.'),
    rules.miaAccept
      ? msg('Facing a Mia, you may give up 1 life instead of lifting.')
      : msg('A Mia claim must be lifted: giving it up is not allowed.'),
    rules.miaPenalty === 'true-mia'
      ? msg('Lifting a real Mia costs 2 lives.')
      : msg('Whenever a Mia was called or lies under the cup, the loser loses 2 lives.'),
    rules.miaBluffCostsTwo
      ? msg('A caught Mia bluff costs 2 lives.')
      : msg('A caught Mia bluff costs 1 life (unless a Mia rule says 2).'),
    rules.lieCostsTwo
      ? msg('Any caught lie costs 2 lives.')
      : msg('A caught lie costs 1 life (unless a Mia rule says 2).'),
    {
      loser: msg('The loser of a round opens the next one.'),
      'after-loser': msg('The player after the loser opens the next round.'),
      claimer: msg('The player whose claim was lifted opens the next round, whoever lost.'),
    }[rules.starter],
    rules.end === 'last-standing'
      ? msg('The last player with lives left wins.')
      : msg('The first player to lose all lives loses the game, and the game ends.'),
  ];
}

/** How the players are placed at the end (ties included): the Rules say it, and so do the stats. */
export function placesInWords(rules: RuleSet): string {
  return rules.end === 'last-standing'
    ? msg('The others are placed by how long they lasted: the last one out comes second.')
    : msg(
        'The others are placed by the lives they have left; players with equal lives share a place.',
      );
}
