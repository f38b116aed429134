// Finds a Chromium for the browser tests, installing one where it can.
// Order: $MIA_CHROMIUM, Playwright's own downloaded browser, the system's /usr/bin/chromium.
// When none is there: Debian's package as root, Playwright's download otherwise, else the exact
// command to run.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

async function playwrightBrowser() {
  try {
    const { chromium } = await import('@playwright/test');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

async function locate() {
  const fromEnv = process.env.MIA_CHROMIUM;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`MIA_CHROMIUM is set to ${fromEnv}, which does not exist.`);
  }
  return (await playwrightBrowser()) ?? SYSTEM.find((p) => existsSync(p)) ?? null;
}

function tryRun(command) {
  console.log(`[chromium] ${command}`);
  try {
    execSync(command, { stdio: 'inherit' });
    return true;
  } catch {
    return false;
  }
}

export async function findChromium() {
  const found = await locate();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    tryRun('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium');
  } else {
    tryRun('npx playwright install chromium');
  }
  const after = await locate();
  if (after) return after;
  const hint = hasApt
    ? 'sudo apt-get update && sudo apt-get install -y chromium'
    : 'npx playwright install chromium';
  throw new Error(
    `No Chromium found for the browser tests. Install one with:\n  ${hint}\n` +
      'or point MIA_CHROMIUM at a Chromium or Chrome executable.',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  findChromium().then(
    (path) => console.log(path),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
