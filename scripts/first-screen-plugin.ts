/**
 * Writes the prerendered first screen into the built page (`src/ui/first-screen/draw.ts` says
 * how it is shown and taken over): the copy in a `<template>` after the empty `<mia-app>`, and
 * the script that puts it in place when it fits, or else draws a stored game's table from the
 * snapshot the last page kept (`draw-snapshot.ts`) when that fits. The page's
 * Content-Security-Policy allows the script and the copy's style sheets by their SHA-256 hashes,
 * nothing else inline.
 *
 * The copy (`first-screen.html`) is made by `npm run prerender` from the app's own first paint,
 * and a browser test fails when the app's first screen no longer matches it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { FirstScreenFit } from '../src/ui/first-screen/draw.ts';

const EMPTY_APP = '<mia-app></mia-app>';

export interface FirstScreenOptions {
  /** The copy: one `<mia-app>` with its shadow roots, declarative and clonable. */
  file: string;
  id: string;
  global: string;
  fit: FirstScreenFit;
  /** The table's snapshot: what its drawing needs to know. */
  snapshot: { key: string; hint: string; global: string; tag: string; policy: string };
  /**
   * `drawFirstScreen`, `drawTableSnapshot`, `holdTaps` and `browserLanguage`: their sources are
   * written into the page.
   */
  draw: (...args: never[]) => void;
  drawSnapshot: (...args: never[]) => void;
  hold: (...args: never[]) => void;
  browserLanguage: (...args: never[]) => string;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The page with the copy and its script in it, or the reason it cannot be. */
export function withFirstScreen(html: string, copy: string, options: FirstScreenOptions): string {
  if (!copy.startsWith('<mia-app') || !copy.includes('shadowrootclonable')) {
    throw new Error(`first-screen: ${options.file} is not a prerendered <mia-app>`);
  }
  if (!html.includes(EMPTY_APP) || !html.includes("style-src 'self'")) {
    throw new Error(`first-screen: the page has no ${EMPTY_APP} or no style-src`);
  }
  if (copy.includes('data-mia-style')) {
    throw new Error(`first-screen: ${options.file} sets inline styles, which the copy cannot draw`);
  }
  const args = [options.id, options.global, options.fit].map((a) => JSON.stringify(a));
  const script =
    `{const hold=${options.hold.toString()};` +
    `(${options.draw.toString()})(${args.join(',')},${options.browserLanguage.toString()},hold);` +
    `(${options.drawSnapshot.toString()})(${JSON.stringify(options.snapshot)},hold)}`;
  const styles = new Set([...copy.matchAll(/<style>([^]*?)<\/style\s*>/g)].map((m) => m[1] ?? ''));
  return html
    .replace(
      EMPTY_APP,
      `${EMPTY_APP}\n    <template id="${options.id}">${copy.trim()}</template>\n    <script>${script}</script>`,
    )
    .replace("script-src 'self'", `script-src 'self' ${sha256(script)}`)
    .replace("style-src 'self'", `style-src 'self' ${[...styles].map(sha256).join(' ')}`);
}

export function firstScreen(options: FirstScreenOptions): Plugin {
  return {
    name: 'mia:first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => withFirstScreen(html, readFileSync(options.file, 'utf8'), options),
    },
  };
}
