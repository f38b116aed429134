import { rng, trace } from './ideal-model.mjs';
import { cupShakeExpect, cupSwing, swingAxis, swingEnds } from './cup-model.mjs';
import {
  add,
  diceHits,
  held,
  renderSensor,
  rotation,
  sensors,
  spikes,
  unitRotation37,
  UP,
} from './sensor-model.mjs';

/** A plain board at 50 Hz with jitter, turned 30 degrees in the cup. */
const at50 = {
  ...sensors.plain,
  rateHz: 50,
  jitterMs: 3,
  mount: rotation([0, 0, 1], 30),
  mountText: 'turned 30 degrees',
};

/** One dice-cup scenario: the swing `s` (cup-model.mjs) through `sensor`, held around it. */
function cupTrace(
  traces,
  { name, about, seed, durationMs, s, sensor, expect = true, dice = true },
) {
  const t = trace({ name, about, rateHz: sensor.rateHz, durationMs, seed });
  const r = rng(seed * 100 + 1);
  const hits = dice
    ? diceHits(swingEnds(s), s.dir ?? swingAxis(12), r, { areaMin: 600, areaMax: 1800 })
    : [];
  const hand = (ms) => cupSwing(ms, s);
  const accel = (ms) =>
    add(add(UP, add(hand(ms), held(ms, s.start - 400, s.end + 400))), spikes(ms, hits));
  const out = renderSensor(t, accel, () => 0, sensor);
  traces.push({ t, text: out.text, expected: expect ? cupShakeExpect(out, s, hand) : [] });
}

/** Traces of issue #25: slow, wide dice-cup shakes, and what must stay quiet beside them. */
export function cupTraces() {
  const traces = [];
  cupTrace(traces, {
    name: 'cup-shake-2hz',
    about:
      'a dice cup shaken slowly and wide: 2 Hz for 3 s, 1.3 g along an axis 12 degrees off ' +
      'vertical (|a| 0.2-2.3 g, almost a sine), dice sliding and tapping the walls: one shake',
    seed: 41,
    durationMs: 5000,
    s: { start: 1000, end: 4000, hz: 2, amp: 1300 },
    sensor: sensors.plain,
  });
  cupTrace(traces, {
    name: 'cup-shake-2p5hz-50hz',
    about:
      'a dice cup shaken at 2.5 Hz for 3 s, 1.3 g along an axis 15 degrees off vertical ' +
      '(|a| 0.25-2.3 g), at 50 Hz with jitter, the board turned 30 degrees: one shake',
    seed: 42,
    durationMs: 5000,
    s: { start: 1000, end: 4000, hz: 2.5, amp: 1300, dir: swingAxis(15) },
    sensor: at50,
  });
  cupTrace(traces, {
    name: 'cup-shake-2hz-fifo',
    about:
      'a dice cup shaken at 2.2 Hz for 3 s (|a| 0.2-2.3 g) at 50 Hz from a FIFO read in ' +
      'batches of 12 while the sensor runs 10 % fast, the board tilted 37 degrees: one shake',
    seed: 43,
    durationMs: 5000,
    s: { start: 1000, end: 4000, hz: 2.2, amp: 1300 },
    sensor: {
      ...sensors.plain,
      rateHz: 50,
      fifo: { batch: 12, clockError: 0.1 },
      mount: unitRotation37(),
      mountText: 'tilted 37 degrees',
    },
  });
  cupTrace(traces, {
    name: 'cup-shake-short',
    about:
      'a short dice-cup shake: 1 s at 2.5 Hz (two and a half swings of 1.35 g, |a| 0.2-2.35 g, ' +
      'the hand steady): one shake',
    seed: 44,
    durationMs: 3000,
    s: { start: 1000, end: 2000, hz: 2.5, amp: 1350, wobble: 0.03 },
    sensor: sensors.plain,
  });
  cupTrace(traces, {
    name: 'cup-shake-long',
    about:
      'a long dice-cup shake: 7 s at 2.2 Hz, the amplitude wandering +-12 % (|a| 0.2-2.5 g): ' +
      'one shake',
    seed: 45,
    durationMs: 9000,
    s: { start: 1000, end: 8000, hz: 2.2, amp: 1350, wobble: 0.12 },
    sensor: sensors.plain,
  });
  cupTrace(traces, {
    name: 'cup-shake-pause',
    about:
      'a dice-cup shake at 2 Hz with a slight pause: the hand holds the cup still for 120 ms ' +
      'after 1.5 s, then shakes 1.5 s more: one shake',
    seed: 46,
    durationMs: 5500,
    s: { start: 1000, end: 4120, hz: 2, amp: 1300, pauses: [[2500, 2620]] },
    sensor: sensors.plain,
  });
  cupTrace(traces, {
    name: 'cup-shake-1p5hz',
    about:
      'the slowest shake supported: 1.5 Hz for 3 s, 1.3 g (the cup swung 14 cm each way), ' +
      '|a| 0.2-2.3 g: one shake',
    seed: 47,
    durationMs: 5000,
    s: { start: 1000, end: 4000, hz: 1.5, amp: 1300 },
    sensor: sensors.plain,
  });
  cupTrace(traces, {
    name: 'cup-shake-low',
    about:
      'the weakest shake supported: 2 Hz for 3 s, 1.3 g along an axis 15 degrees off ' +
      'vertical (|a| 0.26-2.28 g), at 50 Hz with jitter, the board turned 30 degrees: one shake',
    seed: 48,
    durationMs: 5000,
    s: { start: 1000, end: 4000, hz: 2, amp: 1300, dir: swingAxis(15) },
    sensor: at50,
  });
  cupTrace(traces, {
    name: 'cup-shake-leaning',
    about:
      'the cup swung along an axis leaning 25 degrees off vertical: 2 Hz for 3 s, 1.35 g ' +
      '(|a| 0.45-2.3 g: the bottom of the swing never reaches the active level on its own): ' +
      'one shake',
    seed: 50,
    durationMs: 5000,
    s: { start: 1000, end: 4000, hz: 2, amp: 1350, dir: swingAxis(25) },
    sensor: sensors.plain,
  });
  cupTrace(traces, {
    name: 'cup-shake-below',
    about:
      'just under the threshold: 2 Hz for 3 s, 0.95 g along an axis 15 degrees off vertical ' +
      '(|a| 0.3-1.95 g): nothing',
    seed: 49,
    durationMs: 5000,
    s: { start: 1000, end: 4000, hz: 2, amp: 950, dir: swingAxis(15) },
    sensor: sensors.plain,
    expect: false,
  });
  cupTrace(traces, {
    name: 'cup-swing-1hz',
    about:
      'below the frequency range: the cup rocked at 1 Hz for 4 s, 15 cm each way, which is ' +
      'all a hand swings that slowly (0.6 g; |a| 0.4-1.6 g): nothing',
    seed: 51,
    durationMs: 6000,
    s: { start: 1000, end: 5000, hz: 1, amp: 600, dir: swingAxis(10) },
    sensor: sensors.plain,
    expect: false,
  });
  return traces;
}
