/**
 * What happens at the table during the soak's evening: steps by hand, the cup's moves, and the
 * faults (the cup away, back, restarted; moves made while it was away, some of them overtaken
 * by a step by hand; reloads, second windows, the table handed over; a full disk; a new
 * version). Each action goes to the app and, where it changes the game, to the model.
 */
import { PRESET_IDS, presets, type GameEvent, type GameInput } from '../../../src/game';
import { handStep } from '../game/random-play';
import type { Page } from './page';
import type { Soak } from './soak';
import { pass, played, settle } from './time';

const NAMES = ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kai', 'Lu'].concat(
  ['Mo', 'Ned', 'Oda', 'Pia'],
);

/** What the table does: the weights of the actions the evening picks from. */
const ACTIONS = {
  step: 60, // a step by hand: a move of the round, now and then an undo
  shake: 6, // the cup: a shake
  lift: 5, // the cup: the lid lifted and put back
  drop: 3, // the cup goes out of range
  back: 4, // the cup comes back in range
  restart: 2, // the cup restarts (a new boot id), while out of range or not
  late: 3, // the cup away, a move on it, a step by hand, the cup back: the move comes late
  reload: 3, // the table's page reloads (now and then the cup restarts and is played meanwhile)
  window: 2, // a second window opens (and waits)
  takeOver: 2, // a waiting window takes the table over
  closeTable: 1, // the table's window closes: a waiting one takes the table
  closeOther: 1, // a waiting window closes
  fill: 2, // the disk fills up
  free: 3, // the disk has room again
  update: 2, // a new version is installed (it comes in between games)
} as const;
export type Action = keyof typeof ACTIONS;

/** The actions after which the table may change hands. */
export const WINDOWS: readonly Action[] = ['reload', 'window', 'takeOver', 'closeTable'].concat([
  'closeOther',
  'update',
]) as Action[];

const weighted = Object.entries(ACTIONS) as [Action, number][];
const total = weighted.reduce((sum, [, w]) => sum + w, 0);

export function pickAction(soak: Soak): Action {
  let at = soak.rnd.next() * total;
  for (const [action, weight] of weighted) if ((at -= weight) < 0) return action;
  return 'step';
}

function newInput(soak: Soak): GameInput {
  const { rnd } = soak;
  const preset = rnd.pick(PRESET_IDS);
  const count = rnd.int(2, Math.min(16, presets[preset].maxPlayers));
  const players = NAMES.slice(0, count);
  const rules = { ...presets[preset], startingLives: rnd.int(1, 2) };
  return { players, rules, opener: rnd.int(0, count - 1) };
}

/** The table starts a game (a rematch, or new players and rules). */
async function startGame(soak: Soak, page: Page, rematch: boolean): Promise<void> {
  const input = rematch && page.session.input ? page.session.input : newInput(soak);
  if (rematch) page.actor.send({ type: 'REMATCH' });
  else page.actor.send({ type: 'START', input });
  await settle(() => page.closed || page.view.screen === 'game', 'the new game starts');
  // (A new version may have come in with it: the reloaded page shows the same game.)
  const id = page.session.gameId;
  if (id === soak.model.id) return;
  soak.model.start(input, id);
  soak.games += 1;
  soak.note(`game ${soak.games}: ${input.rules.end}, ${input.players.length} players`);
}

/** A move on the cup; `late`: made while the cup is away, and overtaken by a step by hand. */
async function cupMove(soak: Soak, kind: 'shake' | 'lift', late = false): Promise<void> {
  const fw = soak.device.cup.firmware;
  soak.note(`  ${late ? 'a late ' : ''}${kind} with the link ${soak.link ?? 'not there'}`);
  if (kind === 'shake') {
    if (late) soak.late += 1;
    else soak.pending.push({ type: 'CUP.SHAKE' });
    await played(fw.shakeFor(1_000));
  } else {
    if (late) soak.late += 2;
    else soak.pending.push({ type: 'CUP.LID_OPEN' }, { type: 'CUP.LID_CLOSED' });
    await played(fw.liftFor(300));
  }
}

/** A step by hand: a move of the round, an undo, or at a game's end a new game. */
async function step(soak: Soak, page: Page): Promise<boolean> {
  const { model, rnd } = soak;
  if (page.view.screen === 'newGame') {
    await startGame(soak, page, false);
    return true;
  }
  const snapshot = model.snapshot!;
  const over = snapshot.hasTag('over');
  if (over && rnd.next() < 0.7) {
    const rematch = rnd.next() < 0.5;
    if (!rematch) {
      page.actor.send({ type: 'NEW_GAME' });
      await settle(() => page.view.screen === 'newGame', 'the new-game screen');
    }
    await startGame(soak, page, rematch);
    return true;
  }
  if (over && !snapshot.can({ type: 'UNDO' })) return false;
  const event: GameEvent = over ? { type: 'UNDO' } : handStep(snapshot, rnd);
  model.send(event);
  page.game!.send(event);
  return true;
}

/** A waiting window takes the table ("Play here"); the table's page had `unsaved` steps. */
async function takeOver(soak: Soak, other: Page, unsaved: number): Promise<void> {
  other.actor.send({ type: 'TAKE_OVER' });
  await settle(() => other.isTable || other.closed, 'the other window takes the table');
  await soak.afterLeaving(unsaved);
}

/** Does `action` now; false when it cannot be done now (nothing happened). */
export async function act(soak: Soak, action: Action): Promise<boolean> {
  const { device, rnd } = soak;
  const page = soak.table!;
  const screen = page.view.screen;
  const inGame = screen === 'game' || screen === 'gameOver';
  const unsaved = page.session.journal?.unsaved ?? 0;
  switch (action) {
    case 'step':
      return step(soak, page);
    case 'shake':
    case 'lift':
      if (!inGame) return false;
      await cupMove(soak, action);
      return true;
    case 'drop':
      if (!device.cup.reachable) return false;
      device.cup.reachable = false;
      device.cup.linkLoss();
      return true;
    case 'back':
      if (device.cup.reachable) return false;
      await soak.back();
      return true;
    case 'restart':
      device.cup.firmware.reboot();
      return true;
    case 'late': {
      if (screen !== 'game' || soak.model.over) return false;
      device.cup.reachable = false;
      device.cup.linkLoss();
      await cupMove(soak, rnd.next() < 0.5 ? 'shake' : 'lift', true);
      await pass(1_000);
      await step(soak, page);
      // Now and then a waiting window takes the table before the cup is back: the step by hand
      // was the other page's, and still overtakes the move.
      const other = soak.waiting[0];
      if (other?.view.screen === 'elsewhere' && rnd.next() < 0.5) {
        await takeOver(soak, other, page.session.journal?.unsaved ?? 0);
      }
      await soak.back();
      return true;
    }
    case 'reload': {
      page.close();
      await soak.afterLeaving(unsaved);
      // While no page is there: the cup may restart, and the players may go on with it.
      if (rnd.next() < 0.3) device.cup.firmware.reboot();
      if (rnd.next() < 0.3 && inGame) await cupMove(soak, 'shake');
      device.open(page.tab);
      return true;
    }
    case 'window':
      if (device.pages.length > 2) return false;
      device.open();
      return true;
    case 'takeOver': {
      const other = soak.waiting[0];
      if (!other || other.view.screen !== 'elsewhere') return false;
      await takeOver(soak, other, unsaved);
      return true;
    }
    case 'closeTable':
      if (soak.waiting.length === 0) return false;
      page.close();
      await soak.afterLeaving(unsaved);
      return true;
    case 'closeOther': {
      const other = soak.waiting[0];
      if (!other) return false;
      other.close();
      return true;
    }
    case 'fill':
      if (device.full) return false;
      device.full = true;
      return true;
    case 'free':
      if (!device.full) return false;
      device.full = false;
      page.session.retry();
      return true;
    case 'update':
      for (const p of device.pages) p.actor.send({ type: 'UPDATE.READY' });
      return true;
  }
}
