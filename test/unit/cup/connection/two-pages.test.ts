/**
 * Two pages of one device take turns with the cup (the table changes hands and back): they share
 * what the device remembers of the cup, so a page that links again goes on from where the other
 * page left off, and replays nothing that page already handed on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inMemory } from '../../../../src/cup';
import { later, played, setUp, simCup, useFakeClock } from '../helpers';

describe('two pages of one device, one cup', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  it('a page that links again replays only what no page of the device handed on', async () => {
    const cup = await simCup();
    const memory = inMemory();
    const first = await setUp({}, { cup, memory });
    const second = await setUp({}, { cup, memory });
    await first.connected();
    await played(cup.firmware.shakeFor(1_000));
    first.connection.disconnect();
    await second.connected();
    await played(cup.firmware.liftFor(300));
    second.connection.disconnect();
    await played(cup.firmware.shakeFor(1_000)); // while no page is linked: logged on the cup
    await first.connected();
    await later(500); // the replay of what the cup logged while no page was linked
    expect(first.sensed()).toEqual([
      'shake_started#1',
      'shake_ended#2',
      'shake_started#5',
      'shake_ended#6',
    ]);
    expect(second.sensed()).toEqual(['lid_opened#3', 'lid_closed#4']);
  });
});
