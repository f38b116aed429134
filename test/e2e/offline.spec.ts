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
  // The app's hashed files came straight from the precache, by the route the worker set up
  // when it installed (public/sw-routes.js), without waking the worker for each one.
  const assets = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((r) => new URL(r.name).pathname.startsWith('/assets/'))
      .map(
        (r) =>
          (r as PerformanceResourceTiming & { workerFinalSourceType?: string })
            .workerFinalSourceType,
      ),
  );
  expect(assets.length).toBeGreaterThan(3);
  expect(new Set(assets)).toEqual(new Set(['cache']));
  await page.goto('/');
  await expect(page.locator('mia-table')).toBeVisible();
  await context.setOffline(false);
});

test('the app is installable: its manifest is linked once the first screen is up, offline too', async ({
  page,
  context,
}) => {
  const manifest = async () => {
    const cdp = await context.newCDPSession(page);
    const { url, data, errors } = await cdp.send('Page.getAppManifest');
    await cdp.detach();
    return {
      url,
      errors,
      parsed: data ? (JSON.parse(data) as { name: string; icons: unknown[] }) : null,
    };
  };
  await openFresh(page);
  // Not in the page's HTML (it would be read in the middle of a restore): linked by the app.
  const html = await (await page.request.get('/')).text();
  expect(html).not.toContain('rel="manifest"');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  const online = await manifest();
  expect(online.url).toMatch(/\/manifest\.webmanifest$/);
  expect(online.errors).toEqual([]);
  expect(online.parsed?.name).toBe('Mia Cup');
  expect(online.parsed?.icons.length).toBeGreaterThanOrEqual(3);

  // Offline, from the service worker's precache: still linked and read.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Start game' })).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  await expect.poll(async () => (await manifest()).parsed?.name).toBe('Mia Cup');
  await context.setOffline(false);
});
