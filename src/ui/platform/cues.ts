/**
 * Sound and touch cues, generated on the device (Web Audio oscillators, the Vibration API):
 * nothing is downloaded. Browsers only allow sound after a tap, so the audio context starts on
 * the first cue, which always follows one.
 */
import type { Settlement } from '../../game';

export type Cue = 'verdict' | 'elimination' | 'game-over';

/** The cue of a settled round: the end of the game, an elimination, or a plain verdict. */
export const cueOf = (settlement: Settlement): Cue =>
  settlement.result ? 'game-over' : settlement.eliminated ? 'elimination' : 'verdict';

type Note = { freq: number; at: number; length: number };

const NOTES: Record<Cue, Note[]> = {
  verdict: [
    { freq: 660, at: 0, length: 0.12 },
    { freq: 440, at: 0.14, length: 0.18 },
  ],
  elimination: [
    { freq: 523, at: 0, length: 0.16 },
    { freq: 392, at: 0.18, length: 0.16 },
    { freq: 262, at: 0.36, length: 0.4 },
  ],
  'game-over': [
    { freq: 392, at: 0, length: 0.14 },
    { freq: 523, at: 0.16, length: 0.14 },
    { freq: 659, at: 0.32, length: 0.14 },
    { freq: 784, at: 0.48, length: 0.45 },
  ],
};

const VIBRATION: Record<Cue, number[]> = {
  verdict: [80],
  elimination: [120, 80, 240],
  'game-over': [60, 60, 60, 60, 300],
};

let audio: AudioContext | null = null;

function play(notes: Note[]): void {
  audio ??= new AudioContext();
  const start = audio.currentTime + 0.02;
  for (const note of notes) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = 'triangle';
    osc.frequency.value = note.freq;
    gain.gain.setValueAtTime(0.0001, start + note.at);
    gain.gain.exponentialRampToValueAtTime(0.35, start + note.at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.length);
    osc.connect(gain).connect(audio.destination);
    osc.start(start + note.at);
    osc.stop(start + note.at + note.length + 0.05);
  }
}

/** Play a cue (unless muted) and vibrate where the device can. */
export function cue(kind: Cue, muted: boolean): void {
  if (!muted) {
    try {
      play(NOTES[kind]);
    } catch {
      // No Web Audio: the words on screen carry the verdict.
    }
  }
  if (typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION[kind]);
}
