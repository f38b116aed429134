/**
 * The web app manifest (name, icons, fullscreen: what makes the app installable) is linked once
 * the first screen is up, not from the page's HTML (`vite.config.ts` takes vite-plugin-pwa's
 * link out). With the link in the HTML, the browser reads the manifest and fetches and decodes
 * its icon at the page's load, in the middle of restoring a game: at 4x CPU that cost the
 * restore about 15 % (issue 13). Installing needs the link only by the time someone asks to
 * install, long after.
 */
export const MANIFEST = '/manifest.webmanifest';

/** Link the manifest (once). */
export function linkManifest(doc: Document = document): void {
  if (doc.head.querySelector('link[rel="manifest"]')) return;
  const link = doc.createElement('link');
  link.rel = 'manifest';
  link.href = MANIFEST;
  doc.head.append(link);
}
