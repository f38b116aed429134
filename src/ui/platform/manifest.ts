/**
 * The web app manifest (name, icons, fullscreen: what makes the app installable) is linked once
 * the first screen is up, not from the page's HTML (`vite.config.ts` takes vite-plugin-pwa's
 * link out). With the link in the HTML, the browser reads the manifest and fetches and decodes
 * its icon at the page's load, in the middle of restoring a game: at 4x CPU the restore was
 * 8-23 % faster without it in four of five A/B runs (issue 13). Installing needs the link only
 * by the time someone asks to install, long after.
 */
const MANIFEST = '/manifest.webmanifest';

/** Link the manifest (once; the built app only: the dev server serves none). */
export function linkManifest(doc: Document = document): void {
  if (!import.meta.env.PROD || doc.head.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST;
  doc.head.append(link);
}
