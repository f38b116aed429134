/**
 * A newer version may take a page over as it loads: a reload meant to bring a version in can be
 * answered by the old service worker while the new one already takes over (when the old one was
 * slow to let go, as on a busy tablet), and the page then runs the old version under the new
 * worker, its `controllerchange` gone by before `updates.ts` listened. The old version's files
 * are gone as well (each version's worker deletes those of the one before), so its next screen
 * would not load. Once that worker is activated, a page whose first chunk it does not hold
 * reloads into the version it serves, once (a second time it says so instead: no reload loop).
 */

/** The first chunk of a page that reloaded because its version was gone. */
export const OUTDATED_KEY = 'mia-cup:outdated-reload';

/** What the check uses of the page (the browser's own, or a test's). */
export interface PageParts {
  document: Pick<Document, 'querySelector'>;
  caches: Pick<CacheStorage, 'match'>;
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  location: Pick<Location, 'reload'>;
}

const browser = (): PageParts => ({ document, caches, sessionStorage, location });

/** Reloads the page when `worker` (its controller) serves another version; says whether it did. */
export async function reloadIfOutdated(
  worker: Pick<ServiceWorker, 'state' | 'addEventListener'>,
  report: (what: string, error: unknown) => void,
  page: PageParts = browser(),
): Promise<boolean> {
  if (worker.state === 'activating') {
    await new Promise((resolve) => worker.addEventListener('statechange', resolve));
  }
  const entry = page.document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
  if (worker.state !== 'activated' || !entry || (await page.caches.match(entry))) return false;
  try {
    if (page.sessionStorage.getItem(OUTDATED_KEY) === entry) {
      report('open the new version', 'its worker does not serve it after a reload');
      return false;
    }
    page.sessionStorage.setItem(OUTDATED_KEY, entry);
  } catch (error) {
    report('open the new version', error);
    return false;
  }
  page.location.reload();
  return true;
}
