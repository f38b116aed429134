import { envelope, rng, trace } from './ideal-model.mjs';
import {
  add,
  deg,
  diceHits,
  handShake,
  handShakeExpect,
  held,
  rattle,
  renderSensor,
  reversals,
  rotation,
  sensors,
  spikes,
  UP,
} from './sensor-model.mjs';

/** Traces 23-25 (issue #9): side to side, a vigorous swirl, the dice rattling on after a shake. */
export function motionTraces() {
  const traces = [];
  // 23. Side to side, near the threshold: the swing is horizontal, gravity stays on z.
  {
    const t = trace({
      name: 'side-to-side',
      about:
        'shaken side to side at 3.5 Hz, 2.3 g horizontal (|a| about 2.5 g at the ends), ' +
        'dice hitting the walls at each end: one shake',
      rateHz: 100,
      durationMs: 4500,
      seed: 23,
    });
    const s = {
      start: 1000,
      end: 3200,
      hz: 3.5,
      amp: 2300,
      dir: [1, 0, 0],
      across: [0, 1, 0],
      side: 0.2,
    };
    const r = rng(2301);
    const hits = diceHits(reversals(s), [1, 0, 0], r);
    const accel = (ms) =>
      add(add(UP, add(handShake(ms, s), held(ms, 700, 3500))), spikes(ms, hits));
    const out = renderSensor(t, accel, () => 0, sensors.plain);
    traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
  }

  // 24. A vigorous swirl: the cup on a circle, |a| almost constant, never back near 1 g.
  {
    const t = trace({
      name: 'swirl-vigorous',
      about:
        'swirling the cup vigorously: a 7 cm ellipse at 3 Hz (2.0-2.8 g horizontal, |a| ' +
        '2.2-3.0 g, never back near 1 g), the cup tilting 8 degrees into the motion, dice rolling ' +
        'round the wall: one shake',
      rateHz: 100,
      durationMs: 5000,
      seed: 24,
    });
    const s = { start: 1000, end: 3500 };
    const r = rng(2401);
    const roll = [];
    for (let at = s.start + 200; at < s.end; at += 60 + r.next() * 120) roll.push(at);
    const hits = diceHits(roll, [1, 0, 0], r, { areaMin: 800, areaMax: 2500, jitter: 0 });
    const accel = (ms) => {
      const e = envelope(ms, s.start, s.end, 250);
      const ph = (2 * Math.PI * 3 * (ms - s.start)) / 1000;
      const horiz = [2800 * e * Math.cos(ph), 2000 * e * Math.sin(ph), 150 * e * Math.sin(2 * ph)];
      const tilt = 8 * deg * e;
      const g = [
        1000 * Math.sin(tilt) * Math.cos(ph),
        1000 * Math.sin(tilt) * Math.sin(ph),
        1000 * Math.cos(tilt),
      ];
      return add(add(add(g, horiz), held(ms, 700, 3900)), spikes(ms, hits));
    };
    const sensor = {
      ...sensors.plain,
      mount: rotation([0, 0, 1], 30),
      mountText: 'turned 30 degrees',
    };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({
      t,
      text: out.text,
      expected: handShakeExpect(out, { start: s.start, end: s.end }),
    });
  }
  // 25. A shake, then the dice rattle on: sampled at the instant, so every spike is caught.
  {
    const t = trace({
      name: 'shake-then-dice-rattle',
      about:
        'a 1.8 s shake (5 Hz, 3 g), then the hand stops and the dice rattle on for 0.9 s ' +
        '(impacts of 1-3 g lasting 2-4 ms, every 45-155 ms, caught at full height by a sensor ' +
        'without a filter): one shake, ended when the hand stopped',
      rateHz: 100,
      durationMs: 5000,
      seed: 25,
    });
    const s = { start: 1000, end: 2800, hz: 5, amp: 3000 };
    const r = rng(2501);
    const hits = [
      ...diceHits(reversals(s), [0, 0, 1], r),
      ...rattle(s.end, s.end + 900, r, { area: 6000 }),
    ];
    // a sensor without a filter samples an instant: put each rattle spike's top on a sample
    const onSample = hits.map((h) =>
      h.at > s.end ? { ...h, at: Math.round(h.at / 10) * 10 - h.width / 2 } : h,
    );
    const accel = (ms) =>
      add(add(UP, add(handShake(ms, s), held(ms, 700, 4200))), spikes(ms, onSample));
    const sensor = { ...sensors.plain, instant: true };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
  }

  return traces;
}
