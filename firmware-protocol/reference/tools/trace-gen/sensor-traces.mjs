import { rng, trace } from './ideal-model.mjs';
import {
  add,
  diceHits,
  handShake,
  handShakeExpect,
  held,
  renderSensor,
  reversals,
  ring,
  rotation,
  sensors,
  spikes,
  unit,
  unitRotation37,
  UP,
} from './sensor-model.mjs';

/** Traces 14-22 (issue #9): real sensors (clipping, calibration, rates, FIFO, mounting). */
export function sensorTraces() {
  const traces = [];
  // 14. A shake read by a +-2 g sensor: every swing clips.
  {
    const t = trace({
      name: 'shake-clipped-2g',
      about:
        'a vigorous up-and-down shake (5 Hz, 3.5 g) on a +-2 g sensor: every swing clips at ' +
        '+1999/-2000 mg; dice hit the walls at each reversal: one shake, peak as clipped',
      rateHz: 100,
      durationMs: 4500,
      seed: 14,
    });
    const s = { start: 1000, end: 3000, hz: 5, amp: 3500 };
    const r = rng(1401);
    const hits = diceHits(reversals(s), [0, 0, 1], r);
    const accel = (ms) =>
      add(add(UP, add(handShake(ms, s), held(ms, 700, 3400))), spikes(ms, hits));
    const sensor = { ...sensors.plain, rail: { pos: 1999, neg: 2000 }, lsbMg: 1 };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
  }

  // 15. A +-4 g sensor, a harder shake, the board tilted 37 degrees in the cup.
  {
    const t = trace({
      name: 'shake-clipped-4g',
      about:
        'a hard shake (6 Hz, 5 g, up and down and sideways) on a +-4 g sensor (2 mg steps, ' +
        'clips at +4094/-4096), board tilted 37 degrees: one shake, peak as clipped',
      rateHz: 100,
      durationMs: 4500,
      seed: 15,
    });
    const s = { start: 1200, end: 3000, hz: 6, amp: 5000, side: 0.45 };
    const r = rng(1501);
    const hits = diceHits(reversals(s), [0, 0, 1], r);
    const accel = (ms) =>
      add(add(UP, add(handShake(ms, s), held(ms, 900, 3400))), spikes(ms, hits));
    const sensor = {
      ...sensors.plain,
      mount: rotation([1, 0, 0], 37),
      mountText: 'tilted 37 degrees',
      rail: { pos: 4094, neg: 4096 },
      lsbMg: 2,
    };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
  }

  // 16. A miscalibrated sensor at rest for a minute, with a sensitive Config (threshold 250 mg):
  //     its rest reads about 1160 mg; thumps on the table and temperature drift. Measured against
  //     1000 mg the cup would be "active" all the time and the thumps would pass the threshold.
  {
    const t = trace({
      name: 'miscalibrated-rest',
      about:
        'a minute on the table, the sensor reading about 1160 mg at rest (offsets +90/-100/+100 ' +
        'mg, gains +5 %), drifting 20 mg; threshold 250 mg; someone thumps the table (200 mg ' +
        'at 15 Hz at the cup, 5 at a time): nothing',
      rateHz: 50,
      durationMs: 60000,
      seed: 16,
    });
    t.config = 'threshold_mg=250';
    const drums = [];
    for (const at of [7000, 19000, 33000, 48000])
      for (let i = 0; i < 5; i++) drums.push(at + i * 140);
    const accel = (ms) => {
      const drift = [0, 0, 20 * Math.sin((2 * Math.PI * ms) / 120000)];
      let bump = [0, 0, 0];
      for (const at of drums)
        bump = add(bump, ring(ms, { at, hz: 15, amp: 200, tau: 40, dir: [0.2, 0.1, 1] }));
      return add(add(UP, drift), bump);
    };
    const sensor = { rateHz: 50, gain: [1.05, 1.05, 1.05], offset: [90, -100, 100], noiseMg: 6 };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: [] });
  }

  // 17. A miscalibrated sensor that reads low (rest 850 mg), shaken just over the threshold.
  {
    const t = trace({
      name: 'miscalibrated-shake',
      about:
        'a sensor reading 850 mg at rest (gains -5 %, offsets -60/+40/-100 mg) shaken at 4 Hz ' +
        'with 1.45 g swings: uncalibrated the swings read under the threshold, measured against ' +
        'its own 1 g they pass it: one shake',
      rateHz: 100,
      durationMs: 5000,
      seed: 17,
    });
    const s = { start: 1500, end: 3500, hz: 4, amp: 1450, side: 0.15 };
    const r = rng(1701);
    const hits = diceHits(reversals(s), [0, 0, 1], r, { areaMin: 1500, areaMax: 3000 });
    const accel = (ms) =>
      add(add(UP, add(handShake(ms, s), held(ms, 1100, 3900))), spikes(ms, hits));
    const sensor = { rateHz: 100, gain: [0.95, 0.95, 0.95], offset: [-60, 40, -100], noiseMg: 5 };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
  }

  // 18. 25 Hz with jitter.
  {
    const t = trace({
      name: 'shake-25hz-jitter',
      about:
        'a 4 Hz shake (2.8 g) read at 25 Hz with +-10 ms of timing jitter, board upright but ' +
        'miscalibrated: one shake',
      rateHz: 25,
      durationMs: 5000,
      seed: 18,
    });
    const s = { start: 1200, end: 3200, hz: 4, amp: 2800 };
    const r = rng(1801);
    const hits = diceHits(reversals(s), [0, 0, 1], r);
    const accel = (ms) =>
      add(add(UP, add(handShake(ms, s), held(ms, 900, 3600))), spikes(ms, hits));
    const sensor = { ...sensors.plain, rateHz: 25, jitterMs: 10 };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
  }

  // 19. 50 Hz read from a FIFO in batches, stamped by the board.
  {
    const t = trace({
      name: 'shake-50hz-fifo',
      about:
        'a 5 Hz shake (3 g) at 50 Hz read from a FIFO in batches of 12; the board stamps each ' +
        'batch back from the read time at 20 ms a sample while the sensor runs 10 % fast, so the ' +
        'stamps step back 2 ms at every batch: one shake',
      rateHz: 50,
      durationMs: 5000,
      seed: 19,
    });
    const s = { start: 1300, end: 3300, hz: 5, amp: 3000 };
    const r = rng(1901);
    const hits = diceHits(reversals(s), [0, 0, 1], r);
    const accel = (ms) =>
      add(add(UP, add(handShake(ms, s), held(ms, 1000, 3700))), spikes(ms, hits));
    const sensor = { ...sensors.plain, rateHz: 50, fifo: { batch: 12, clockError: 0.1 } };
    const out = renderSensor(t, accel, () => 0, sensor);
    // a stamp is up to 11 samples * (20 - 18.2) ms = 20 ms earlier than the sample was taken
    const early = Math.ceil(11 * (20 - 20 / 1.1));
    const exp = handShakeExpect(out, s).map((row) =>
      row[0] === 'shake_started'
        ? [row[0], row[1] - early, row[2], ...row.slice(3)]
        : [row[0], row[1] - early, row[2], row[3] - early, row[4] + early, row[5], row[6]],
    );
    traces.push({ t, text: out.text, expected: exp });
  }

  // 20-22. The board mounted upside down, on its side, tilted 37 degrees.
  for (const [seed, name, mount, mountText, dir, about] of [
    [
      20,
      'mounted-upside-down',
      rotation([1, 0, 0], 180),
      'upside down',
      [0, 0, 1],
      'an up-and-down shake (5 Hz, 3 g)',
    ],
    [
      21,
      'mounted-sideways',
      rotation([0, 1, 0], 90),
      'on its side',
      [1, 0, 0],
      'a side-to-side shake (4 Hz, 2.8 g)',
    ],
    [
      22,
      'mounted-tilted-37',
      unitRotation37(),
      'tilted 37 degrees about a diagonal',
      unit([1, 1, 0]),
      'a diagonal shake (5 Hz, 3 g)',
    ],
  ]) {
    const t = trace({
      name,
      about: `${about} with the board mounted ${mountText} (at rest it reads 1 g on another axis): one shake`,
      rateHz: 100,
      durationMs: 4500,
      seed,
    });
    const s = {
      start: 1000,
      end: 3000,
      hz: dir[2] === 1 ? 5 : 4,
      amp: dir[2] === 1 ? 3000 : 2800,
      dir,
      across: dir[2] === 1 ? [1, 0, 0] : [0, 0, 1],
    };
    const r = rng(seed * 100 + 1);
    const hits = diceHits(reversals(s), dir, r);
    const accel = (ms) =>
      add(add(UP, add(handShake(ms, s), held(ms, 700, 3400))), spikes(ms, hits));
    const sensor = {
      ...sensors.plain,
      mount,
      mountText,
      gain: [0.97, 1.04, 1.02],
      offset: [-50, 70, -30],
    };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: handShakeExpect(out, s) });
  }

  return traces;
}
