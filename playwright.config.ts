import { defineConfig } from '@playwright/test';

/**
 * Browser tests run in a real Chromium. `scripts/test.mjs` finds one (MIA_CHROMIUM, Playwright's
 * own browser, or Debian's /usr/bin/chromium) and passes its path in MIA_CHROMIUM.
 */
const executablePath = process.env.MIA_CHROMIUM || undefined;
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const port = Number(process.env.MIA_E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Time limits catch a hang, they do not measure speed: on a busy 2-core machine (other
  // processes on both cores) a step can take seconds, so waits for a state get 20 s and a
  // test 3 minutes. No test waits for a fixed time.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath,
      args: [
        ...(asRoot ? ['--no-sandbox'] : []),
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-gpu',
        // Web Bluetooth, and the silent reconnect of a cup from an earlier visit
        // (`getDevices()` + `watchAdvertisements()`), still behind flags on Linux.
        '--enable-blink-features=WebBluetooth,WebBluetoothGetDevices,WebBluetoothWatchAdvertisements',
      ],
    },
  },
  webServer: {
    command: `npx vite build --logLevel warn && npx vite preview --port ${port} --strictPort`,
    url: `http://localhost:${port}`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
