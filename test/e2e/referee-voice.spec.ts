/**
 * The spoken referee, against a stand-in `speechSynthesis` that records what it is asked to say:
 * the words and language of each announcement in all four languages, nothing while it is off,
 * only voices on the device, and Undo stops what is being said.
 */
import type { Page } from '@playwright/test';
import { test, expect, claim, lift, openFresh, roll, startGame } from './fixtures';

/** The two dice after a lift, by face (the labels are in the table's language). */
async function dice(page: Page, a: number, b: number): Promise<void> {
  const rows = page.locator('mia-dice-entry [role="radiogroup"]');
  await rows.nth(0).locator(`[data-face="${a}"]`).click();
  await rows.nth(1).locator(`[data-face="${b}"]`).click();
}

type Said = { text: string; lang: string; voice: string | null };

/** Replace speech synthesis before the app loads: `local` languages have a voice on the device. */
async function standIn(page: Page, local: string[], network: string[] = []): Promise<void> {
  await page.addInitScript(
    ([local, network]) => {
      const voice = (lang: string, localService: boolean) => ({
        lang,
        localService,
        default: false,
        name: `${lang}${localService ? '' : ' (network)'}`,
        voiceURI: lang,
      });
      const voices = [
        ...network.map((lang) => voice(lang, false)),
        ...local.map((lang) => voice(lang, true)),
      ];
      const record = { said: [] as unknown[], cancels: 0 };
      Object.assign(window, { speechRecord: record });
      class Utterance {
        lang = '';
        voice: { name: string } | null = null;
        constructor(public text: string) {}
      }
      Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance });
      Object.defineProperty(window, 'speechSynthesis', {
        value: {
          speak: (u: Utterance) =>
            record.said.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null }),
          cancel: () => (record.cancels += 1),
          getVoices: () => voices,
          addEventListener: () => {},
          removeEventListener: () => {},
        },
      });
    },
    [local, network] as const,
  );
}

const said = (page: Page) =>
  page.evaluate(() => (window as unknown as { speechRecord: { said: Said[] } }).speechRecord.said);
const cancels = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { speechRecord: { cancels: number } }).speechRecord.cancels,
  );

/** Whether the page has loaded the referee's words (their chunk: the built app's `spoken-*.js`). */
const wordsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance.getEntriesByType('resource').some((r) => /\/spoken-[^/]*\.js$/.test(r.name)),
  );

const voiceToggle = (page: Page) => page.locator('mia-toolbar > button[data-toggle="voice"]');

async function pickLanguage(page: Page, locale: string): Promise<void> {
  const options = page.locator('mia-dialog-button[data-dialog="options"]');
  await options.locator('button').first().click();
  await options.locator('mia-language-picker select').selectOption(locale);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await page.keyboard.press('Escape');
}

/** Ann claims 62, Bo lifts, the dice show 61: Ann bluffed (lizumo: the loser opens). */
const EXPECTED: Record<string, string[]> = {
  en: [
    'Ann: sixty-two.',
    "Bo lifts Ann's sixty-two!",
    'Dice sixty-one, claim sixty-two: Ann bluffed and loses 1 life. Ann opens round 2.',
  ],
  nb: [
    'Ann: sekstito.',
    'Bo løfter Anns sekstito!',
    'Terninger sekstien, melding sekstito: Ann bløffet og mister 1 liv. Ann starter runde 2.',
  ],
  de: [
    'Ann: zweiundsechzig.',
    'Bo deckt Anns zweiundsechzig auf!',
    'Würfel einundsechzig, Ansage zweiundsechzig: Ann hat geblufft und verliert 1 Leben. Ann eröffnet Runde 2.',
  ],
  da: [
    'Ann: toogtres.',
    'Bo løfter Anns toogtres!',
    'Terninger enogtres, melding toogtres: Ann bluffede og mister 1 liv. Ann starter runde 2.',
  ],
};

for (const [locale, lines] of Object.entries(EXPECTED)) {
  test(`the referee says claims, lifts and verdicts in ${locale}, only when on`, async ({
    page,
  }) => {
    await standIn(page, ['en-GB', 'nb-NO', 'de-DE', 'da-DK']);
    await openFresh(page);
    await startGame(page, ['Ann', 'Bo'], 'lizumo');
    await pickLanguage(page, locale);
    // Off by default: a claim is not said.
    await expect(voiceToggle(page)).toHaveAttribute('aria-pressed', 'false');
    await roll(page);
    await claim(page, 54);
    await page.keyboard.press('u');
    await expect(page.locator('mia-claim-picker')).toBeVisible();
    expect(await said(page)).toEqual([]);
    // Nor are its words loaded while it is off.
    expect(await wordsLoaded(page)).toBe(false);

    await voiceToggle(page).click();
    await expect(voiceToggle(page)).toHaveAttribute('aria-pressed', 'true');
    await claim(page, 62);
    await lift(page);
    await dice(page, 6, 1);
    await expect.poll(() => said(page)).toHaveLength(3);
    const voice = { en: 'en-GB', nb: 'nb-NO', de: 'de-DE', da: 'da-DK' }[locale];
    expect(await said(page)).toEqual(lines.map((text) => ({ text, lang: locale, voice })));
    expect(await wordsLoaded(page)).toBe(true);

    // Remembered after a reload.
    await page.reload();
    await expect(voiceToggle(page)).toHaveAttribute('aria-pressed', 'true');
  });
}

test('undo stops what is being said', async ({ page }) => {
  await standIn(page, ['en-US']);
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await voiceToggle(page).click();
  await roll(page);
  await claim(page, 62);
  await lift(page);
  await dice(page, 6, 2);
  await expect.poll(() => said(page)).toHaveLength(3);
  const before = await cancels(page);
  await page.locator('mia-verdict').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('verdict')).toHaveCount(0);
  expect(await cancels(page)).toBe(before + 1);
  expect(await said(page)).toHaveLength(3);
});

test('only voices on the device: with a network voice alone nothing is said, and Options says so', async ({
  page,
}) => {
  await standIn(page, ['en-US'], ['de-DE']);
  await openFresh(page);
  await startGame(page, ['Ann', 'Bo'], 'lizumo');
  await voiceToggle(page).click();
  await pickLanguage(page, 'de');
  await roll(page);
  await claim(page, 62);
  await expect(page.locator('mia-standing-claim [data-testid="standing"]')).toHaveText('62');
  const options = page.locator('mia-dialog-button[data-dialog="options"]');
  await options.locator('button').first().click();
  await expect(options.getByTestId('voice-hint')).toHaveText(
    'Dieses Gerät hat keine Stimme für Deutsch: Der Schiedsrichter schweigt.',
  );
  await page.keyboard.press('Escape');
  expect(await said(page)).toEqual([]);
  // The toolbar says so too, rather than "Voice on".
  await expect(voiceToggle(page)).toHaveText('Keine Stimme');
  await expect(voiceToggle(page)).toHaveAttribute(
    'title',
    'Dieses Gerät hat keine Stimme für Deutsch: Der Schiedsrichter schweigt.',
  );
  await pickLanguage(page, 'en');
  await expect(voiceToggle(page)).toHaveText('Voice on');
});
