/**
 * A pub evening in minutes: one seeded run of games on one tablet (`Device`) with the sensor cup,
 * in which the cup, the storage and the windows misbehave at random moments (`actions.ts`).
 * Every step the table takes goes to the pure model too (`Model`); after every action, once the
 * table is quiet, the table's screen and the stored game agree with the model (`Soak.check`).
 * At the end every game's result is kept once, and new versions came in only between games.
 * What happened is kept as a log, printed with the seed when something fails.
 */
import { expect } from 'vitest';
import { WINDOWS, act, pickAction } from './actions';
import { Soak } from './soak';
import { settle } from './time';

export interface EveningResult {
  games: number;
  steps: number;
  moves: number;
  actions: number;
  faults: Record<string, number>;
}

export async function evening(seed: number, actions: number): Promise<EveningResult> {
  const soak = await Soak.create(seed);
  const { device, model } = soak;
  const faults: Record<string, number> = {};
  let done = 0;
  try {
    device.open();
    await soak.settleDown('the first page is the table');
    // The tablet and its cup were set up before the evening: the cup's moves count from its first
    // link on (a cup this device never synced with has no moves before the link it syncs on).
    await settle(() => soak.link === 'connected', 'the cup connected');
    for (let i = 0; i < actions; i += 1) {
      const action = pickAction(soak);
      const version = device.version;
      if (!(await act(soak, action))) continue;
      done += 1;
      faults[action] = (faults[action] ?? 0) + 1;
      const screen = soak.table?.view.screen ?? 'no table';
      soak.note(`${action} (v${version}, ${screen}, steps ${model.steps.length})`);
      await soak.settleDown(`quiet after ${action}`, WINDOWS.includes(action));
      await soak.check();
    }
    // The end of the evening: the cup back, the disk with room: everything stored, once.
    device.full = false;
    soak.table?.session.retry();
    await soak.back();
    await soak.settleDown('the end of the evening');
    await soak.check();
    for (const [id, result] of model.results) {
      const kept = (await device.results(result.players)).filter((r) => r.id === id);
      expect(
        kept.map((r) => r.placements),
        `the result of game ${id}`,
      ).toEqual([result.placements]);
    }
    // A new version came in only between games, with every step stored.
    expect(device.updates.filter((u) => u.unsaved > 0 || !u.between)).toEqual([]);
  } catch (error) {
    throw new Error(
      `evening ${seed} failed (MIA_SOAK_SEED=${seed} plays it again): ${(error as Error).message}\n${soak.log.slice(-60).join('\n')}`,
      { cause: error },
    );
  } finally {
    model.stop();
    device.close();
  }
  return { games: soak.games, steps: model.steps.length, moves: soak.moves, actions: done, faults };
}
