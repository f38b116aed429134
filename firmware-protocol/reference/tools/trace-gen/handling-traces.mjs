import { bouncyLid, envelope, halfSine, lidExpect, rng, trace } from './ideal-model.mjs';
import {
  add,
  diceHits,
  handShakeExpect,
  sensors,
  deg,
  handShake,
  held,
  pulse,
  rattle,
  renderSensor,
  reversals,
  ring,
  scale,
  spikes,
  sub,
  tremor,
  unit,
  unitRotation37,
  UP,
} from './sensor-model.mjs';

/** Traces 26-30 (issue #9): knocks, a hard set-down, carrying, pouring, a whole turn. */
export function handlingTraces() {
  const traces = [];
  // 26. A knock on the table with the dice jumping, on a +-4 g sensor.
  {
    const t = trace({
      name: 'knock-with-dice',
      about:
        'the cup knocked on the table twice 400 ms apart (5 g, clipped at 4 g, ringing at ' +
        '50 Hz), the dice jumping for 0.5 s after each: nothing',
      rateHz: 100,
      durationMs: 4000,
      seed: 26,
    });
    const r = rng(2601);
    const knocks = [1500, 1900];
    const hits = knocks.flatMap((k) => rattle(k, k + 500, r, { area: 5000 }));
    const accel = (ms) => {
      let a = add(UP, held(ms, 1000, 2600));
      for (const k of knocks) {
        a = add(
          a,
          pulse(ms, { at: k, width: 12, area: 5000 * 12 * (2 / Math.PI), dir: [0.15, 0, 1] }),
        );
        a = add(a, ring(ms, { at: k + 12, hz: 50, amp: 900, tau: 25, dir: [0.5, 0.3, 1] }));
      }
      return add(a, spikes(ms, hits));
    };
    const sensor = { ...sensors.plain, rail: { pos: 4095, neg: 4096 } };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: [] });
  }

  // 27. The cup set down hard with the dice bouncing, on a +-2 g sensor at 50 Hz.
  {
    const t = trace({
      name: 'set-down-hard-dice',
      about:
        'lifted, brought down fast and slammed on the table (6 g, clipped at 2 g), a bounce, ' +
        'ringing, the dice bouncing for 0.6 s; +-2 g sensor at 50 Hz, sampled at the instant: ' +
        'nothing',
      rateHz: 50,
      durationMs: 3500,
      seed: 27,
    });
    const r = rng(2701);
    const impact = 1500;
    const hits = rattle(impact + 10, impact + 650, r, { area: 6000 });
    const accel = (ms) => {
      let a = add(UP, scale(tremor(ms), envelope(ms, 600, impact, 100)));
      a = add(a, [0, 0, 350 * halfSine(ms, 600, 300)]); // lift
      if (ms >= impact - 180 && ms < impact)
        a = add(a, [0, 0, -500 * halfSine(ms, impact - 180, 180)]); // down fast
      a = add(
        a,
        pulse(ms, { at: impact, width: 14, area: 5000 * 14 * (2 / Math.PI), dir: [0.2, 0.1, 1] }),
      );
      a = add(
        a,
        pulse(ms, { at: impact + 50, width: 10, area: 1500 * 10 * (2 / Math.PI), dir: [0, 0, 1] }),
      );
      a = add(a, ring(ms, { at: impact + 14, hz: 40, amp: 800, tau: 30, dir: [0.5, 0.2, 1] }));
      return add(a, spikes(ms, hits));
    };
    const sensor = { ...sensors.plain, rateHz: 50, instant: true, rail: { pos: 1999, neg: 2000 } };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: [] });
  }

  // 28. Carried across the table.
  {
    const t = trace({
      name: 'carried',
      about:
        'picked up, carried 60 cm across the table (0.5 g pushes), tilted 15 degrees on the way, ' +
        'hand tremor, set down gently: nothing',
      rateHz: 50,
      durationMs: 5000,
      seed: 28,
    });
    const accel = (ms) => {
      const tilt = 15 * deg * envelope(ms, 1500, 3000, 400);
      const g = [0, 1000 * Math.sin(tilt), 1000 * Math.cos(tilt)];
      const push = 500 * halfSine(ms, 1400, 500) - 500 * halfSine(ms, 2600, 500);
      const bob = 120 * Math.sin((2 * Math.PI * 1.8 * ms) / 1000) * envelope(ms, 1300, 3200, 200);
      let a = add(g, [push, 0.3 * push, bob]);
      a = add(a, held(ms, 1000, 3600));
      a = add(a, [0, 0, 250 * halfSine(ms, 3590, 15)]); // touching down
      return a;
    };
    const sensor = { ...sensors.plain, rateHz: 50, jitterMs: 3 };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: [] });
  }

  // 29. Tilted to pour the dice out, held there, put back.
  {
    const t = trace({
      name: 'pour',
      about:
        'tilted 130 degrees over 0.7 s to pour the dice out (they slide and drop: small knocks), ' +
        'held upside down-ish for 1.5 s, turned back; the miscalibrated sensor reads 1080 mg ' +
        'upright and 900 mg tilted: nothing',
      rateHz: 100,
      durationMs: 6000,
      seed: 29,
    });
    const r = rng(2901);
    const angle = (ms) =>
      130 * deg * Math.min(1, Math.max(0, Math.min((ms - 1000) / 700, (4200 - ms) / 700)));
    const dice = [1550, 1620, 1700, 1760].map((at) => ({
      at,
      width: 3,
      area: 1500 + 1500 * r.next(),
      dir: unit([0, 1, -0.5]),
    }));
    const accel = (ms) => {
      const th = angle(ms);
      const w = (angle(ms + 5) - angle(ms - 5)) / 0.01; // rad/s
      const g = [0, 1000 * Math.sin(th), 1000 * Math.cos(th)];
      const centripetal = [0, 0, (-0.05 * w * w * 1000) / 9.81]; // sensor 5 cm from the axis
      return add(add(add(g, centripetal), held(ms, 700, 4800)), spikes(ms, dice));
    };
    const sensor = { rateHz: 100, gain: [1.0, 0.96, 1.04], offset: [30, -90, 40], noiseMg: 6 };
    const out = renderSensor(t, accel, () => 0, sensor);
    traces.push({ t, text: out.text, expected: [] });
  }

  // 30. A whole turn as real hands and a real sensor do it.
  {
    const t = trace({
      name: 'whole-turn-real',
      about:
        'a turn on a +-4 g sensor at 50 Hz with jitter, board tilted 37 degrees, miscalibrated: ' +
        'picked up, swirled then shaken up and down (2.2 s), set down with the dice rattling, ' +
        'peeked (reed with bounce), slid to the next player, who lifts the lid and pours the ' +
        'dice out: shake, peek, lift',
      rateHz: 50,
      durationMs: 11000,
      seed: 30,
    });
    const swirl = { start: 1200, end: 2200 };
    const s = { start: 2200, end: 3400, hz: 5, amp: 3200 };
    const r = rng(3001);
    const hits = [
      ...diceHits(reversals(s), [0, 0, 1], r),
      ...rattle(3650, 4200, r, { area: 4000 }),
    ];
    const peek = bouncyLid(5000, 5700);
    const lift = bouncyLid(8000);
    const pourAngle = (ms) =>
      120 * deg * Math.min(1, Math.max(0, Math.min((ms - 8600) / 700, (10200 - ms) / 700)));
    const accel = (ms) => {
      const e = envelope(ms, swirl.start, swirl.end, 200);
      const ph = (2 * Math.PI * 3 * (ms - swirl.start)) / 1000;
      let a = add(UP, [2600 * e * Math.cos(ph), 2200 * e * Math.sin(ph), 0]);
      a = add(a, handShake(ms, s));
      a = add(a, held(ms, 900, 3650));
      a = add(
        a,
        pulse(ms, { at: 3640, width: 10, area: 1200 * 10 * (2 / Math.PI), dir: [0, 0, 1] }),
      ); // set down
      // slid to the next player
      a = add(a, [300 * halfSine(ms, 6500, 300) - 300 * halfSine(ms, 6900, 300), 0, 0]);
      // lifted lid, then the cup tilted to pour
      const th = pourAngle(ms);
      if (th > 0) a = add(sub(a, UP), [0, 1000 * Math.sin(th), 1000 * Math.cos(th)]);
      a = add(a, held(ms, 8400, 10600));
      return add(a, spikes(ms, hits));
    };
    const lid = (ms) => (ms < 6000 ? peek.read(Math.round(ms)) : lift.read(Math.round(ms)));
    const sensor = {
      rateHz: 50,
      jitterMs: 4,
      mount: unitRotation37(),
      mountText: 'tilted 37 degrees',
      gain: [1.04, 0.97, 1.03],
      offset: [60, -80, 50],
      noiseMg: 8,
      lsbMg: 2,
      rail: { pos: 4094, neg: 4096 },
    };
    const out = renderSensor(t, accel, lid, sensor, [...peek.times, ...lift.times]);
    traces.push({
      t,
      text: out.text,
      expected: [
        ...handShakeExpect(out, { start: swirl.start, end: s.end }),
        ...lidExpect(5000, 5700),
        ...lidExpect(8000),
      ],
    });
  }
  return traces;
}
