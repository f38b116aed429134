/** Languages a browser may name that the app speaks as another: Norwegian (no, nn) as bokmål. */
export const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { no: 'nb', nn: 'nb' };

/**
 * The first of the browser's languages (`navigator.languages`) that is one of `known`, by its
 * base (`nb-NO`: nb; an alias as the language it stands for), else `fallback`. Self-contained,
 * with no name from outside its body: the build writes its source into the page, where it
 * decides whether the prerendered first screen fits (`src/ui/first-screen/draw.ts`).
 */
export function browserLanguage(
  languages: readonly string[],
  known: readonly string[],
  aliases: Readonly<Record<string, string>>,
  fallback: string,
): string {
  for (const tag of languages) {
    const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
    const language = Object.hasOwn(aliases, base) ? aliases[base] : base;
    if (language && known.includes(language)) return language;
  }
  return fallback;
}
