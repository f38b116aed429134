import { defineConfig } from 'vitest/config';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { miaWords } from './scripts/i18n/words-plugin.ts';
import { restorePreload } from './scripts/restore-preload-plugin.ts';
import { firstScreen } from './scripts/first-screen-plugin.ts';
import { GAME_STORED_KEY } from './src/data/game-hint.ts';
import { OLD_CUP_KEY, PREFERENCES_KEY } from './src/data/preference-keys.ts';
import {
  DRAWN_GLOBAL,
  TEMPLATE_ID,
  drawFirstScreen,
  holdTaps,
} from './src/ui/first-screen/draw.ts';
import {
  SNAPSHOT_KEY,
  SNAPSHOT_POLICY,
  SNAPSHOT_TAG,
  drawTableSnapshot,
} from './src/ui/first-screen/draw-snapshot.ts';
import { LANGUAGE_ALIASES, browserLanguage } from './src/ui/i18n/browser-language.ts';
import { allLocales, sourceLocale } from './src/ui/i18n/locale-codes.ts';
import { CURRENT, DB_NAME, EARLY_GLOBAL, GAMES, VIEW, openAndRead } from './src/data/early-open.ts';

/**
 * The page links its manifest itself once the first screen is up (src/ui/platform/manifest.ts):
 * this takes out the link vite-plugin-pwa writes into the HTML (its hook runs last but this one).
 */
const manifestLinkedLater: Plugin = {
  name: 'mia:manifest-linked-later',
  enforce: 'post',
  transformIndexHtml: {
    order: 'post',
    handler: (html) => html.replace(/<link rel="manifest"[^>]*>/, ''),
  },
};

/**
 * The header a host sends with every file (README, "Hosting"): what a meta CSP cannot say. The
 * page's own CSP (index.html) holds the rest. The dev and preview servers send it too, so the
 * browser tests run under it.
 */
const HOSTING_HEADERS = { 'Content-Security-Policy': "frame-ancestors 'none'" };

/**
 * What a restore draws first: the table and the reading of its stored view, with every module
 * they import (words, rules, the game's types, the table's parts), in one chunk, shared with the
 * session, the app machine and the dialogs. Without it they came in 6 files of 0.3 to 26 KB (one
 * for each set of chunks that imports a module), each a request and a link before the table
 * shows. The restore-preload plugin fails the build when a restore loads more files again.
 * The simulated cup's small panel is in it too: chosen, it shows with the table (its buttons off
 * until the cup is up), not after it, when it would move the table mode's actions down.
 */
const TABLE = /src\/(ui\/mia-table|ui\/cup\/mia-sim-cup|data\/early-view)\.ts$/;

export default defineConfig({
  server: { port: 5173, headers: HOSTING_HEADERS },
  preview: { headers: HOSTING_HEADERS },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      // The first chunk may take modules from others (it is loaded first anyway).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            // What the first screen needs stays one file, as without groups.
            { name: 'index', tags: ['$initial'], priority: 2 },
            // The table and everything it imports (but what the first screen has).
            { name: 'table', test: TABLE, priority: 1 },
          ],
        },
      },
    },
  },
  plugins: [
    miaWords({ entry: 'src/main.ts' }),
    restorePreload({
      modules: ['src/ui/mia-table.ts', 'src/data/early-view.ts'],
      hintKey: GAME_STORED_KEY,
      maxFiles: 3,
      early: { global: EARLY_GLOBAL, open: openAndRead, args: [DB_NAME, GAMES, [CURRENT, VIEW]] },
    }),
    // Not while `npm run prerender` builds the app whose first screen it copies.
    !process.env.MIA_PRERENDER &&
      firstScreen({
        file: 'src/ui/first-screen/first-screen.html',
        id: TEMPLATE_ID,
        global: DRAWN_GLOBAL,
        fit: {
          keys: [PREFERENCES_KEY, OLD_CUP_KEY, GAME_STORED_KEY],
          known: [...allLocales],
          aliases: { ...LANGUAGE_ALIASES },
          language: sourceLocale,
        },
        snapshot: {
          key: SNAPSHOT_KEY,
          hint: GAME_STORED_KEY,
          global: DRAWN_GLOBAL,
          tag: SNAPSHOT_TAG,
          policy: SNAPSHOT_POLICY,
        },
        draw: drawFirstScreen,
        drawSnapshot: drawTableSnapshot,
        hold: holdTaps,
        browserLanguage,
      }),
    VitePWA({
      // The app registers the worker itself (src/ui/platform/updates.ts) and decides when a
      // new version comes in: never in the middle of a game by itself.
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'base.css'],
      manifest: {
        name: 'Mia Cup',
        short_name: 'Mia Cup',
        description: 'Referee and scorekeeper for the bluffing dice game Mia.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'fullscreen',
        orientation: 'any',
        background_color: '#101317',
        theme_color: '#101317',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        // A new version waits until the app sends it SKIP_WAITING (between games, or when the
        // players tap "Update now"); the first install takes control at once.
        clientsClaim: true,
        skipWaiting: false,
        cleanupOutdatedCaches: true,
        // The app's hashed files straight from the precache (the Static Routing API).
        importScripts: ['/sw-routes.js'],
      },
    }),
    manifestLinkedLater,
  ],
  test: {
    include: ['test/unit/**/*.test.ts'],
    // The C host tools some tests run are built once for the run.
    globalSetup: ['test/unit/host-tools.ts'],
    environment: 'node',
    // Test files share their workers' module cache instead of a fresh process each (which cost
    // more than the tests themselves), and both cores run files: the unit run takes seconds.
    // Tests must not rely on module state another file left (none does; fake-indexeddb
    // databases have per-file names).
    isolate: false,
    maxWorkers: 2,
    // A time limit catches a hang, not slowness: the property tests (fuzzing, random games)
    // take a few seconds on a quiet machine and many times that with both cores busy.
    testTimeout: 120_000,
  },
});
