/**
 * The spoken referee's voice: Web Speech `speechSynthesis`, with voices on the device only
 * (`SpeechSynthesisVoice.localService`): a network voice would send the table's words off the
 * device. Where the device has no voice for the table's language, nothing is said (and
 * `hasVoice` lets Options say so).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The part of `speechSynthesis` the referee uses. */
export type Synth = Pick<
  SpeechSynthesis,
  'speak' | 'cancel' | 'getVoices' | 'addEventListener' | 'removeEventListener'
>;

/** The browser's speech synthesis, or null where there is none. */
export function deviceSynth(): Synth | null {
  return typeof speechSynthesis === 'undefined' ? null : speechSynthesis;
}

/** The language tags a voice may carry for each of the app's languages ("no" is bokmål too). */
const TAGS: Record<string, readonly string[]> = {
  en: ['en'],
  nb: ['nb', 'no'],
  de: ['de'],
  da: ['da'],
};

const baseOf = (tag: string): string => tag.toLowerCase().split(/[-_]/)[0];

/** A voice on the device for this language, or null (network voices never count). */
export function localVoice(synth: Synth | null, locale: string): SpeechSynthesisVoice | null {
  if (!synth) return null;
  const tags = TAGS[locale] ?? [locale];
  const voices = synth.getVoices().filter((v) => v.localService && tags.includes(baseOf(v.lang)));
  return voices.find((v) => v.default) ?? voices[0] ?? null;
}

export class Speech {
  /** The synthesizer; the device's is looked up on first use (that starts its speech service). */
  private chosen: Synth | null | undefined;

  /** `synth`: the one to use (null: none); the device's when not given. */
  constructor(synth?: Synth | null) {
    this.chosen = synth;
  }

  private get synth(): Synth | null {
    if (this.chosen === undefined) this.chosen = deviceSynth();
    return this.chosen;
  }

  /** Is there a voice on the device for this language? */
  hasVoice(locale: string): boolean {
    return localVoice(this.synth, locale) !== null;
  }

  /** Say `text` in `locale` with a voice on the device; false when there is none. */
  say(text: string, locale: string): boolean {
    const voice = localVoice(this.synth, locale);
    if (!this.synth || !voice || typeof SpeechSynthesisUtterance === 'undefined') return false;
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = locale;
    utterance.voice = voice;
    this.synth.speak(utterance);
    return true;
  }

  /** Stop what is being said and drop what is queued. */
  stop(): void {
    this.synth?.cancel();
  }

  /** Call `listener` when the device's voices change (they load late); returns the unsubscribe. */
  onVoicesChanged(listener: () => void): () => void {
    this.synth?.addEventListener('voiceschanged', listener);
    return () => this.synth?.removeEventListener('voiceschanged', listener);
  }
}

/** For an element that says whether the device has a voice: re-renders it when voices load. */
export class VoicesController implements ReactiveController {
  readonly speech = new Speech();
  private stop: (() => void) | null = null;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.stop = this.speech.onVoicesChanged(() => this.host.requestUpdate());
  }

  hostDisconnected(): void {
    this.stop?.();
    this.stop = null;
  }
}
