/**
 * A pub evening in a real Chromium (issue #30): the app's unchanged Web Bluetooth code against
 * the emulated cup (./fixtures/emulated-cup.ts), one seeded game (`MIA_SOAK_SEED` plays another)
 * in which the cup rolls and lifts, and at random moments goes out of range and comes back,
 * restarts while away, is played while the page reloads, and a second page on screen watches the
 * table's page reload. After every round the table shows what a pure model of the game says
 * (the round machine alone, in Node, sent the same moves): every player's lives and who acts.
 * The long evenings with every fault are the unit soak's (test/unit/soak).
 */
import type { Page } from '@playwright/test';
import { createActor } from 'xstate';
import { gameMachine, presets, type GameEvent } from '../../src/game';
import { ALL_SCORES, isMia } from '../../src/rules';
import { mulberry32 } from '../unit/random';
import { dice, livesShown, saved, startGame, toAct, verdict } from './fixtures';
import {
  backInRange,
  connect,
  dicePrompt,
  openWithCup,
  outOfRange,
  shake,
  status,
} from './fixtures/cup-table';
import { test, expect, type EmulatedCup } from './fixtures/emulated-cup';

const SEED = Number(process.env.MIA_SOAK_SEED) || 20261204;
const PLAYERS = ['Ada', 'Ben', 'Cy', 'Di'];
const LIVES = 2;
const FAULTS = ['none', 'drop', 'restart', 'reload', 'playedAway', 'second'] as const;
type Fault = (typeof FAULTS)[number];

const elsewhere = (page: Page) =>
  page.getByRole('heading', { name: 'This game is open in another window' });

/** After a reload the game is back, and the app finds its own cup by itself. */
async function reloaded(page: Page, cup: EmulatedCup, meanwhile?: () => Promise<void>) {
  await cup.reload(meanwhile);
  await expect(page.locator('mia-table')).toBeVisible();
  await expect(status(page)).toHaveText('Connected');
}

test(`a pub evening with the emulated cup (seed ${SEED})`, async ({ page, context, cup }) => {
  test.setTimeout(240_000);
  const next = mulberry32(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const rules = { ...presets.longhall, startingLives: LIVES };
  const model = createActor(gameMachine, { input: { players: PLAYERS, rules, opener: 0 } });
  model.start();
  const send = (...events: GameEvent[]) => events.forEach((e) => model.send(e));
  const faults: Fault[] = [];

  await openWithCup(page);
  await startGame(page, PLAYERS, 'longhall', { lives: LIVES });
  await connect(page);
  for (let round = 1; !model.getSnapshot().hasTag('over'); round += 1) {
    expect(round, 'the game ends').toBeLessThan(3 * PLAYERS.length * LIVES);
    const fault = pick(FAULTS);
    faults.push(fault);
    // The player to act rolls: by the cup, or by the cup while the page reloads.
    if (fault === 'playedAway') {
      const restart = next() < 0.5;
      await reloaded(page, cup, async () => {
        if (restart) cup.firmware.reboot();
        await cup.firmware.shakeFor(1_000);
      });
    } else await shake(cup);
    send({ type: 'CUP.SHAKE' });
    // A claim by touch: any score the round allows now (Mia aside: it may be given up).
    const scores = ALL_SCORES.filter(
      (score) => !isMia(score) && model.getSnapshot().can({ type: 'CLAIM', score }),
    );
    const score = pick(scores);
    await page.locator(`mia-actions mia-claim-picker button[data-score="${score}"]`).click();
    send({ type: 'CLAIM', score });
    // The next player lifts the lid: with the cup in range, or out of it (restarted or not).
    if (fault === 'drop' || fault === 'restart') {
      await outOfRange(page, cup);
      if (fault === 'restart') cup.firmware.reboot();
      await cup.firmware.liftFor(300);
      await backInRange(page, cup);
    } else await cup.firmware.liftFor(300);
    await cup.settled();
    send({ type: 'CUP.LID_OPEN' }, { type: 'CUP.LID_CLOSED' });
    await expect(dicePrompt(page)).toBeVisible();
    const [a, b] = [1 + Math.floor(next() * 6), 1 + Math.floor(next() * 6)];
    await dice(page, a, b);
    send({ type: 'DICE', dice: [a, b] });
    await expect(verdict(page)).toBeVisible();
    await saved(page);
    if (model.getSnapshot().hasTag('over')) break;

    if (fault === 'reload') await reloaded(page, cup);
    if (fault === 'second') {
      // A second page on screen waits; the table's page reloads and stays the table. (The
      // second page shows the on-screen cup: a page of the emulated Bluetooth would keep the
      // emulated adapter busy through the reload, which the emulation cannot share.)
      const other = await context.newPage();
      await other.goto('/?cup=sim');
      await expect(elsewhere(other)).toBeVisible();
      await reloaded(page, cup);
      await expect(elsewhere(other)).toBeVisible();
      await other.close();
    }
    // The table agrees with the model: nothing lost, nothing applied twice.
    const { context: game } = model.getSnapshot();
    const lives = game.players.map((p) => p.lives);
    const said = `round ${round} (${fault}): ${score} claimed, dice ${a}${b}`;
    await expect.poll(() => livesShown(page), said).toEqual(lives);
    await expect(toAct(page), said).toHaveText(game.players[game.turn].name);
  }
  // The last lift ended the game: its winner is the model's.
  const winner = model.getSnapshot().context.players.find((p) => p.lives > 0)!;
  await expect(page.locator('mia-game-over')).toBeVisible();
  await expect(page.locator('mia-game-over')).toContainText(winner.name);
  console.log(`evening ${SEED}: faults ${faults.join(' ')}`);
  model.stop();
});
