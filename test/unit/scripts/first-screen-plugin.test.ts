/**
 * The first screen's build plugin (scripts/first-screen-plugin.ts): the copy and its script
 * written after the empty <mia-app>, the script and each distinct style sheet of the copy allowed
 * by its hash (and nothing else inline), and a clear refusal of a file that is no copy or a page
 * with no place for it.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withFirstScreen, type FirstScreenOptions } from '../../../scripts/first-screen-plugin';
import { drawFirstScreen, holdTaps } from '../../../src/ui/first-screen/draw';
import { drawTableSnapshot } from '../../../src/ui/first-screen/draw-snapshot';
import { browserLanguage } from '../../../src/ui/i18n/browser-language';

const PAGE = `<meta http-equiv="Content-Security-Policy" content="script-src 'self'; style-src 'self'; object-src 'none'" /><body><mia-app></mia-app></body>`;
const COPY = `<mia-app\n><template shadowrootmode="open" shadowrootclonable\n><style>a { color: red; }</style\n><x-y\n><template shadowrootmode="open" shadowrootclonable\n><style>a { color: red; }</style\n><style>b { color: blue; }</style\n></template\n></x-y\n></template\n></mia-app\n>\n`;
const OPTIONS: FirstScreenOptions = {
  file: 'first-screen.html',
  id: 'mia-first-screen',
  global: '__miaFirstScreen',
  fit: { keys: ['k'], known: ['da', 'en'], aliases: {}, language: 'en' },
  snapshot: { key: 's', hint: 'h', global: 'g', tag: 'x-snap', policy: 'p' },
  draw: drawFirstScreen,
  drawSnapshot: drawTableSnapshot,
  hold: holdTaps,
  browserLanguage,
};
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the first screen plugin', () => {
  it('writes the copy and its script after <mia-app>, each allowed by its hash', () => {
    const html = withFirstScreen(PAGE, COPY, OPTIONS);
    expect(html).toContain(
      `<mia-app></mia-app>\n    <template id="mia-first-screen">${COPY.trim()}</template>`,
    );
    const script = /<script>([^]*?)<\/script>/.exec(html)?.[1] ?? '';
    for (const name of ['drawFirstScreen', 'drawTableSnapshot', 'holdTaps', 'browserLanguage']) {
      expect(script).toContain(`function ${name}`);
    }
    expect(html).toContain(`script-src 'self' ${hash(script)};`);
    // Two sheets (one in two roots): two hashes.
    expect(html).toContain(
      `style-src 'self' ${hash('a { color: red; }')} ${hash('b { color: blue; }')};`,
    );
    // The script is a call that parses.
    expect(() => new Function(script)).not.toThrow();
  });

  it('refuses a file that is no copy or sets inline styles, or a page with no place for it', () => {
    expect(() => withFirstScreen(PAGE, '<p>hello</p>', OPTIONS)).toThrow(/not a prerendered/);
    expect(() =>
      withFirstScreen(PAGE, COPY.replace('<x-y', '<x-y data-mia-style="top: 0"'), OPTIONS),
    ).toThrow(/inline styles/);
    expect(() => withFirstScreen(PAGE.replace('<mia-app></mia-app>', ''), COPY, OPTIONS)).toThrow(
      /no <mia-app><\/mia-app>/,
    );
    expect(() => withFirstScreen(PAGE.replace("style-src 'self'", ''), COPY, OPTIONS)).toThrow(
      /no style-src/,
    );
  });
});
