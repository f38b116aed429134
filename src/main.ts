/**
 * Wires the layers together: localization first, then the app element (which loads the game),
 * then the cup (its own chunk, loaded once the first screen is up: it is not on it). The cup's typed events become the round machine's `CUP.*` events here and only
 * here: the game never sees the cup, the cup never sees the game. Which cup event is which move
 * is PROTOCOL.md's rule (section 6): the roll is `shake_started`, a look or a lift is
 * `lid_opened`; a shake's end changes nothing.
 */
import { allWords } from './ui/localize';
import './ui/mia-app';
import type { CupEvent } from './cup';
import type { SensorEvent } from './game';
import type { CupChoice } from './ui/cup/cup-context';
import { HandSteps } from './ui/cup/hand-steps';

/** A cup event as the round machine's sensor event; null for what the game does not use. */
function sensorEvent(event: CupEvent): SensorEvent | null {
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

const app = document.querySelector('mia-app');
const steps = app ? new HandSteps(app) : null;

let stop: (() => void) | null = null;
let choices = 0;

async function useCup(choice: CupChoice): Promise<void> {
  if (!app) return;
  const made = ++choices;
  const cup = await import('./cup');
  const binding = await cup.openCup(choice, { movedOnAt: () => steps?.at ?? -Infinity });
  if (made !== choices) return binding.connection.dispose(); // a later choice is being made
  stop?.();
  app.cup?.connection.dispose();
  const { connection } = binding;
  stop = connection.on((event) => {
    const sensor = sensorEvent(event);
    if (sensor) steps?.fromCup(sensor);
  });
  app.cup = binding;
  void cup.startCup(choice, binding);
}

const asked = new URLSearchParams(location.search).get('cup');
const stored = app?.preferences.value.cup;
// Once the first screen is up: the rest of the language's words, then the cup.
void app?.opened.then(() => {
  void allWords();
  return useCup(
    asked === 'sim' || (asked === null && stored === 'simulated') ? 'simulated' : 'bluetooth',
  );
});
app?.addEventListener('mia-cup-choice', (e) => {
  app.preferences.update({ cup: e.detail.cup });
  void useCup(e.detail.cup);
});
