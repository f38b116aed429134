/**
 * A language's words, first part or rest (`virtual:mia-words/nb-first`, `…/nb-rest`), made from
 * its XLIFF file by scripts/i18n/words-plugin.ts.
 */
declare module 'virtual:mia-words/*' {
  export const templates: import('@lit/localize').TemplateMap;
}
