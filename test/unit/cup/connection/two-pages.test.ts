/**
 * Two pages of one device take turns with the cup (the table changes hands and back). They share
 * what the device remembers of the cup: a page that becomes the table again catches up
 * (`catchUp`) and replays only what no page of the device handed on (it used to hand the other
 * page's moves on a second time: found by the pub evening soak).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inMemory } from '../../../../src/cup';
import { later, ownSimCup, played, setUp, useFakeClock } from '../helpers';

async function takeTurns() {
  const { cup, keys } = await ownSimCup();
  const memory = inMemory();
  const first = await setUp({}, { cup, memory, keys });
  const second = await setUp({}, { cup, memory, keys });
  await first.connected();
  await played(cup.firmware.shakeFor(1_000));
  first.connection.disconnect(); // the second page takes the table, and the cup
  await second.connected();
  await played(cup.firmware.liftFor(300));
  second.connection.disconnect(); // the first page takes the table back
  await played(cup.firmware.shakeFor(1_000)); // meanwhile: logged on the cup
  first.connection.catchUp();
  await first.connected();
  await later(500); // the replay of what the cup logged
  expect(second.sensed()).toEqual(['lid_opened#3', 'lid_closed#4']);
  return first.sensed();
}

describe('two pages of one device, one cup', () => {
  beforeEach(useFakeClock);
  afterEach(() => vi.useRealTimers());

  it('a page that takes the table back replays only what no page handed on', async () => {
    expect(await takeTurns()).toEqual([
      'shake_started#1',
      'shake_ended#2',
      'shake_started#5',
      'shake_ended#6',
    ]);
  });
});
