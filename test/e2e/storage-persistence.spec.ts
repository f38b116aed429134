/**
 * Persistent storage (issue 14): the app asks for it when a game starts, and Options says
 * whether the browser granted it. The browser's answer is injected before the app loads.
 */
import { test, expect, openFresh, startGame } from './fixtures';

for (const [granted, text] of [
  [true, 'Persistent: the browser keeps the game even when space runs low.'],
  [false, 'Not persistent: the browser may clear stored games when space runs low.'],
] as const) {
  test(`persistent storage ${granted ? 'granted' : 'refused'}: asked at the start of a game, shown in Options`, async ({
    page,
  }) => {
    await page.addInitScript((grant: boolean) => {
      const asked = { times: 0 };
      (window as unknown as { asked: typeof asked }).asked = asked;
      Object.defineProperties(navigator.storage, {
        persisted: { configurable: true, value: () => Promise.resolve(grant && asked.times > 0) },
        persist: {
          configurable: true,
          value: () => {
            asked.times += 1;
            return Promise.resolve(grant);
          },
        },
      });
    }, granted);
    await openFresh(page);
    const asked = () =>
      page.evaluate(() => (window as unknown as { asked: { times: number } }).asked.times);
    expect(await asked()).toBe(0);
    await startGame(page, ['Ann', 'Bo'], 'lizumo');
    await expect.poll(asked).toBe(1);

    const options = page.locator('mia-dialog-button[data-dialog="options"]');
    await options.getByRole('button', { name: 'Options', exact: true }).click();
    const row = page.locator('mia-table-options [data-storage]');
    await expect(row).toHaveAttribute('data-storage', granted ? 'granted' : 'not-granted');
    await expect(row).toContainText(text);
  });
}
