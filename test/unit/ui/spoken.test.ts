/**
 * The spoken referee's words in each language: scores as players say them, and one
 * announcement per step (claims, blind passes, lifts, verdicts, eliminations, the winner).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { gameMachine, presets, type GameEvent, type RuleSet } from '../../../src/game';
import { setLocale, type AppLocale } from '../../../src/ui/localize';
import { announcement, spokenScore, type Moment } from '../../../src/ui/text/spoken';

vi.stubGlobal('window', new EventTarget());
afterAll(async () => {
  await setLocale('en');
  vi.unstubAllGlobals();
});

/** What the referee says at each step of `events` (null where it says nothing). */
function said(rules: RuleSet, events: GameEvent[], players = ['Ann', 'Bo', 'Cy']) {
  const actor = createActor(gameMachine, { input: { players, rules } }).start();
  const moment = (): Moment => {
    const s = actor.getSnapshot();
    return { phase: s.value as Moment['phase'], context: s.context };
  };
  return events.map((event) => {
    const before = moment();
    actor.send(event);
    return announcement(before, moment());
  });
}

const SCORES: Record<AppLocale, [number, string][]> = {
  en: [
    [62, 'sixty-two'],
    [31, 'thirty-one'],
    [54, 'fifty-four'],
    [44, 'double 4'],
    [21, 'Mia'],
  ],
  nb: [
    [62, 'sekstito'],
    [31, 'trettien'],
    [54, 'femtifire'],
    [44, 'par fire'],
    [21, 'Mia'],
  ],
  de: [
    [62, 'zweiundsechzig'],
    [31, 'einunddreißig'],
    [54, 'vierundfünfzig'],
    [44, 'Viererpasch'],
    [21, 'Mäxchen'],
  ],
  da: [
    [62, 'toogtres'],
    [31, 'enogtredive'],
    [54, 'fireoghalvtreds'],
    [44, 'firerpar'],
    [21, 'Meyer'],
  ],
};

const LITTLE: Record<AppLocale, string> = {
  en: 'Little Mia',
  nb: 'lille Mia',
  de: 'kleines Mäxchen',
  da: 'Lille Meyer',
};

describe('scores as players say them', () => {
  it.each(Object.keys(SCORES) as AppLocale[])('in %s', async (locale) => {
    await setLocale(locale);
    for (const [score, words] of SCORES[locale]) expect(spokenScore(score)).toBe(words);
    expect(spokenScore(31, true)).toBe(LITTLE[locale]);
  });
});

const roll = (score: number): GameEvent[] => [{ type: 'ROLL' }, { type: 'CLAIM', score }];
/** Longhall: Ann claims 54, Bo Mia, Cy hands it on blind, Ann lifts: 41, Cy loses 2 of 3. */
const round: GameEvent[] = [
  ...roll(54),
  ...roll(21),
  { type: 'PASS_BLIND', score: 21 },
  { type: 'LIFT' },
  { type: 'DICE', dice: [4, 1] },
];

const ROUND: Record<AppLocale, (string | null)[]> = {
  en: [
    null,
    'Ann: fifty-four.',
    null,
    'Bo: Mia!',
    'Cy passes blind: Mia.',
    "Ann lifts Cy's Mia!",
    'Dice forty-one, claim Mia: Cy bluffed and loses 2 lives. A Mia was called, so the loser loses 2 lives. Cy opens round 2.',
  ],
  nb: [
    null,
    'Ann: femtifire.',
    null,
    'Bo: Mia!',
    'Cy sender blindt: Mia.',
    'Ann løfter Cys Mia!',
    'Terninger førtien, melding Mia: Cy bløffet og mister 2 liv. En Mia ble meldt, så taperen mister 2 liv. Cy starter runde 2.',
  ],
  de: [
    null,
    'Ann: vierundfünfzig.',
    null,
    'Bo: Mäxchen!',
    'Cy gibt blind weiter: Mäxchen.',
    'Ann deckt Cys Mäxchen auf!',
    'Würfel einundvierzig, Ansage Mäxchen: Cy hat geblufft und verliert 2 Leben. Ein Mäxchen wurde angesagt, also verliert der Verlierer 2 Leben. Cy eröffnet Runde 2.',
  ],
  da: [
    null,
    'Ann: fireoghalvtreds.',
    null,
    'Bo: Meyer!',
    'Cy sender blindt: Meyer.',
    'Ann løfter Cys Meyer!',
    'Terninger enogfyrre, melding Meyer: Cy bluffede og mister 2 liv. En Meyer blev meldt, så taberen mister 2 liv. Cy starter runde 2.',
  ],
};

describe('announcements, step by step', () => {
  it.each(Object.keys(ROUND) as AppLocale[])('a longhall round in %s', async (locale) => {
    await setLocale(locale);
    expect(said(presets.longhall, round)).toEqual(ROUND[locale]);
  });

  it('eliminations and the winner; nothing for a roll, a look or an undo', async () => {
    await setLocale('en');
    const rules = { ...presets.lizumo, startingLives: 1 };
    expect(
      said(rules, [...roll(62), { type: 'LIFT' }, { type: 'DICE', dice: [6, 2] }], ['Ann', 'Bo']),
    ).toEqual([
      null,
      'Ann: sixty-two.',
      "Bo lifts Ann's sixty-two!",
      'Dice sixty-two, claim sixty-two: the claim holds, so Bo loses 1 life. Bo is out. Ann wins the game!',
    ]);
    expect(said(presets.pub, [...roll(43), { type: 'PEEK' }, { type: 'UNDO' }])).toEqual([
      null,
      'Ann: forty-three.',
      null,
      null,
    ]);
  });
});
