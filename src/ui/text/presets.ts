/**
 * The five traditions by name, each with what is special about it in one line: the new-game
 * screen's choice of rules (first screen), and the rules panel's heading.
 */
import { msg } from '@lit/localize';
import type { PresetId } from '../../game';

export function presetName(id: PresetId): string {
  return {
    longhall: msg('Longhall (000)'),
    pub: msg('Pub (001)'),
    lizumo: msg('Lizumo (002)'),
    box: msg('Box (003)'),
    norwegian: msg('Norwegian (004)'),
  }[id];
}

/** What is special about each tradition, in one line. */
export function presetSummary(id: PresetId): string {
  return {
    longhall: msg('3 lives, 11 the top double, blind passes may repeat, any Mia costs 2.'),
    pub: msg('Believing means looking; the first player out loses the game.'),
    lizumo: msg('66 the top double, no blind passes, the loser opens.'),
    box: msg('"No shake accept" blind passes; the player after the loser opens.'),
    norwegian: msg('The loser opens; house rules (3 lives, equal claims, costly lies) a tap away.'),
  }[id];
}
