/**
 * Which cup, and which cup event is which move.
 */
import type { CupEvent, CupKind } from '../cup';
import type { SensorEvent } from '../game';

/**
 * The cup the page opens with: the one the address asks for (`?cup=sim`, the simulated cup on
 * screen; any other value, a Bluetooth cup), else the one the players chose last, else a
 * Bluetooth cup.
 */
export function firstCup(asked: string | null, chosen: CupKind | null): CupKind {
  if (asked !== null) return asked === 'sim' ? 'simulated' : 'bluetooth';
  return chosen ?? 'bluetooth';
}

/**
 * A cup event as the round machine's move: PROTOCOL.md's rule (section 6). The roll is
 * `shake_started`, a look or a lift is `lid_opened` (the round machine tells which), and
 * `lid_closed` ends a look; a shake's end changes nothing, and nothing else the cup says is a
 * move. The one place where the cup's spelling meets the round machine's: the game never sees
 * the cup, the cup never sees the game.
 */
export function cupMove(event: CupEvent): SensorEvent | null {
  switch (event.type) {
    case 'shake_started':
      return { type: 'CUP.SHAKE' };
    case 'lid_opened':
      return { type: 'CUP.LID_OPEN' };
    case 'lid_closed':
      return { type: 'CUP.LID_CLOSED' };
    default:
      return null;
  }
}
