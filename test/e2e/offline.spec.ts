import { test, expect, claim, livesShown, openFresh, roll, saved, startGame } from './fixtures';

test('after one visit the app starts with no network at all', async ({ page, context }) => {
  await openFresh(page);
  // The service worker takes control and precaches the app.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await roll(page);
  await claim(page, 54);
  await saved(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('standing')).toHaveText('54');
  expect(await livesShown(page)).toEqual([6, 6]);
  await page.goto('/');
  await expect(page.locator('mia-table')).toBeVisible();
  await context.setOffline(false);
});
