/**
 * Wires the layers together: the first screen the page drew taken over (`ui/first-screen`),
 * localization, then the page (<mia-app>), then the app's
 * life (`src/app`, a machine in xstate: loaded at once when a game is stored, else once the
 * first screen is up; a stored game's table is drawn from its stored view meanwhile), given
 * what it acts on: the game session (its own chunk), the table lock, the cup (its own chunk,
 * with the owner keys' store) and the service worker's updates (after the first screen).
 */
import { takeOverTaps, uncoverWhenDrawn } from './ui/first-screen/take-over';
import { allWords } from './ui/localize';
import './ui/mia-app';
import type { MiaApp } from './ui/mia-app';
import type { AppPorts } from './app';
import type { TableViewActor } from './game';
import { loadSession, noteProblem, openEarly, type GameSession } from './data';
import { loadTable } from './ui/lazy';
import { linkManifest } from './ui/platform/manifest';

async function wire(app: MiaApp): Promise<void> {
  // The page is marked with its build at once.
  const build: unknown = import.meta.env.VITE_MIA_BUILD;
  if (typeof build === 'string' && build) document.documentElement.dataset.build = build;
  // The service worker's updates, once the first screen is up: they tell the machine of a new
  // version once it runs.
  const updates = app.opened.then(async () => {
    const { UpdateWatcher } = await import('./ui/platform/updates');
    return new UpdateWatcher({
      onReady: () => actor.send({ type: 'UPDATE.READY' }),
      report: (what, error) => {
        console.warn(`Mia Cup could not ${what}:`, error);
        noteProblem(what, error);
      },
    });
  });
  const stored = app.gameStored;
  // With a game stored, the database and the table load at once; otherwise after the first
  // screen.
  const early = stored ? openEarly() : undefined;
  let session: Promise<GameSession> | null = null;
  const sessionOnce = () =>
    (session ??= loadSession(app.sessionHooks(), app.scoreboard, { storage: app.storage, early }));
  // Once the first screen is up: the rest of the language's words, and the manifest.
  void app.opened.then(() => {
    void takeOverTaps(app);
    void allWords();
    linkManifest();
  });
  let drawn: TableViewActor | null = null;
  if (early) {
    void loadTable();
    // The table drawn from the stored game's view (its reader loads while the database opens);
    // the session, xstate and the machine load once it is painted, not competing with it.
    drawn = await import('./data/early-view')
      .then(({ drawStoredTable }) => drawStoredTable(early))
      .catch(() => null);
    if (drawn) {
      await app.life.draw(drawn, () => app.painted());
      void takeOverTaps(app);
    }
    void sessionOnce().then((opening) => opening.prepare());
  } else await app.opened;

  // The machine and the table lock it asks for load together.
  const [{ localHandSteps, startApp }, { TableLock }] = await Promise.all([
    import('./app'),
    import('./data/table-lock'),
  ]);
  const ports: AppPorts = {
    session: sessionOnce,
    lock: (hooks) => new TableLock(hooks),
    openCup: async (kind, options) => {
      const [{ openCup }, { ownerKeyStore }] = await Promise.all([
        import('./cup'),
        import('./data/owner-keys'),
      ]);
      return openCup(kind, { ...options, keys: ownerKeyStore() });
    },
    startCup: async (kind, binding) => (await import('./cup')).startCup(kind, binding),
    applyUpdate: async () => (await updates).apply(() => app.screenLoaded()),
    note: noteProblem,
    handSteps: localHandSteps,
    rememberCup: (cup) => app.preferences.update({ cup }),
  };
  const actor = startApp(ports, { gameStored: stored, cup: app.life.view.cupKind, drawn });
  app.life.follow(actor);

  // The table as the page is hidden (put away, or left: a reload too), for the next page to
  // draw at once; its code once the first screen is up.
  void app.opened
    .then(() => import('./ui/first-screen/snapshot'))
    .then(({ keepTableSnapshot, readAhead }) => {
      const screen = () => app.life.latest.screen;
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') keepTableSnapshot(app, screen());
      });
      readAhead(app, screen());
      actor.subscribe(() => readAhead(app, screen()));
    });

  // The service worker (which precaches every chunk), once the first screen is up.
  await (await updates).start().catch((e) => console.warn('Mia Cup: no service worker:', e));
}

const app = document.querySelector('mia-app');
if (app) {
  uncoverWhenDrawn(app, () => app.life.latest.screen);
  void wire(app);
}
