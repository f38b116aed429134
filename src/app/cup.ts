/**
 * Which cup event is which move (the cup the page opens with: `firstCup` in view.ts).
 */
import type { CupEvent } from '../cup';
import type { SensorEvent } from '../game';

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
