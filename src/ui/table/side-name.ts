/** A side of the tablet in words. */
import { msg } from '@lit/localize';
import type { Side } from '../../rules';

/** A side's name, as the table reads it. */
export function sideName(side: Side): string {
  switch (side) {
    case 'bottom':
      return msg('at the bottom');
    case 'left':
      return msg('on the left');
    case 'top':
      return msg('at the top');
    case 'right':
      return msg('on the right');
  }
}
