/**
 * The app machine's `restore` region: with a game stored, the first screen drew its table from
 * the view stored with its last step (`drawn`, before xstate and this machine loaded). That
 * table shows while this page asks for the table and reads the stored game; the steps tapped
 * on it are handed to the game once it is up (`followGame`), in order, as the round machine
 * takes them, or dropped when the stored game is not that table. Any other screen (another page
 * has the table, the game is unreadable or gone) drops them.
 */
import { not } from 'xstate';
import type { AppSetup } from './setup';

export const restoreRegion = (machine: AppSetup) =>
  machine.createStateConfig({
    initial: 'deciding',
    states: {
      deciding: { always: [{ guard: 'hasDrawnTable', target: 'drawn' }, { target: 'none' }] },
      drawn: {
        always: [
          // The game's actor takes the taps (`followGame` was given them).
          { guard: 'showsGame', target: 'none', actions: 'forgetDrawnTable' },
          {
            guard: not('readsGame'),
            target: 'none',
            actions: ['dropDrawnTaps', 'forgetDrawnTable'],
          },
        ],
      },
      none: {},
    },
  });
