import {
  bouncyLid,
  envelope,
  halfSine,
  lidExpect,
  render,
  rest,
  rng,
  shake,
  shakeExpect,
  trace,
} from './ideal-model.mjs';

/** Traces 1-13: an ideal sensor (1000 mg at rest, perfect timing, no clipping). */
export function idealTraces() {
  const traces = [];
  // 1. A vigorous shake: 2 s at 5 Hz, about 3 g up and down and sideways.
  {
    const t = trace({
      name: 'vigorous-shake',
      about: 'rest 1 s, 2 s of vigorous shaking at 5 Hz (about 3 g), rest 1 s: one shake',
      rateHz: 100,
      durationMs: 4000,
      seed: 1,
    });
    const s = { start: 1000, end: 3000, hz: 5, amp: 3000 };
    const { text, truth } = render(
      t,
      (ms) => shake(ms, s),
      () => 0,
    );
    traces.push({ t, text, expected: shakeExpect(truth, s) });
  }

  // 2. A gentle shake, sampled at 50 Hz: sideways swirling at 2.5 Hz, about 2.3 g.
  {
    const t = trace({
      name: 'gentle-shake',
      about: 'a gentle sideways shake at 2.5 Hz (2.3 g), sampled at 50 Hz: still one shake',
      rateHz: 50,
      durationMs: 5000,
      seed: 2,
    });
    const s = { start: 1000, end: 3500 };
    const accel = (ms) => {
      const e = envelope(ms, s.start, s.end, 100);
      const w = (2 * Math.PI * 2.5 * (ms - s.start)) / 1000;
      return [2300 * e * Math.sin(w), 600 * e * Math.cos(w), 1000 + 200 * e * Math.sin(2 * w)];
    };
    const { text, truth } = render(t, accel, () => 0);
    traces.push({ t, text, expected: shakeExpect(truth, s) });
  }

  // 3. Taps: the cup knocked on the table three times, a second apart.
  {
    const t = trace({
      name: 'tap',
      about: 'three taps on the table a second apart (2.8 g spike, 60 Hz ringing): no shake',
      rateHz: 100,
      durationMs: 4500,
      seed: 3,
    });
    const accel = (ms) => {
      let z = 1000;
      let x = 0;
      for (const at of [1000, 2000, 3000]) {
        z += 1800 * halfSine(ms, at, 12);
        const d = ms - at - 12;
        if (d >= 0) {
          const ring = 800 * Math.exp(-d / 20) * Math.sin((2 * Math.PI * 60 * d) / 1000);
          z += ring;
          x += 0.3 * ring;
        }
      }
      return [x, 0, z];
    };
    const { text } = render(t, accel, () => 0);
    traces.push({ t, text, expected: [] });
  }

  // 4. The cup lifted and set down hard: a drop, a 4.5 g impact, a bounce, ringing.
  {
    const t = trace({
      name: 'set-down-hard',
      about: 'lifted, held, brought down fast and slammed on the table (4.5 g, bounce): no shake',
      rateHz: 100,
      durationMs: 3000,
      seed: 4,
    });
    const accel = (ms) => {
      let z = 1000 + 300 * halfSine(ms, 500, 300); // lift
      if (ms >= 1200 && ms < 1320) z = 300; // brought down fast (0.7 g down)
      z += 3500 * halfSine(ms, 1320, 16); // impact
      z += 1200 * halfSine(ms, 1365, 10); // bounce
      const d = ms - 1336;
      let x = 800 * halfSine(ms, 1320, 16);
      if (d >= 0) {
        const ring = 600 * Math.exp(-d / 30) * Math.sin((2 * Math.PI * 40 * d) / 1000);
        z += ring;
        x += 0.5 * ring;
      }
      return [x, 0, z];
    };
    const { text } = render(t, accel, () => 0);
    traces.push({ t, text, expected: [] });
  }

  // 5. A peek: the lid lifted for 0.8 s (reed switch with contact bounce).
  {
    const t = trace({
      name: 'lid-peek',
      about: 'reed switch: lid lifted at 2000 ms for 800 ms, with contact bounce: opened, closed',
      rateHz: 100,
      durationMs: 4000,
      seed: 5,
    });
    const lid = bouncyLid(2000, 2800);
    const accel = (ms) => [0, 150 * envelope(ms, 1950, 2850, 100), 1000];
    const { text } = render(t, accel, lid.read, lid.times);
    traces.push({ t, text, expected: lidExpect(2000, 2800) });
  }

  // 6. A lift: analog hall sensor (higher = magnet near = closed), open 5 s.
  {
    const t = trace({
      name: 'lid-lift',
      about: 'analog hall sensor: lid lifted at 1500 ms and put back at 6500 ms: opened, closed',
      rateHz: 100,
      lidMode: 'analog invert=1 open_level=300 closed_level=600',
      durationMs: 8000,
      seed: 6,
    });
    const adc = (ms, r) => {
      const open = ms >= 1500 && ms < 6500;
      return Math.max(0, Math.min(1023, Math.round((open ? 120 : 880) + r.gauss() * 20)));
    };
    const { text } = render(t, rest, adc);
    traces.push({ t, text, expected: lidExpect(1500, 6500) });
  }

  // 7. Magnet blips: a 20 ms glitch while closed, a magnet passing the open lid for 30 ms.
  {
    const t = trace({
      name: 'magnet-blip',
      about:
        'analog hall: 20 ms open glitch while closed, real opening at 2000 ms, then a magnet ' +
        'passing the open lid for 30 ms: only the one opening',
      rateHz: 100,
      lidMode: 'analog invert=1 open_level=300 closed_level=600',
      durationMs: 4500,
      seed: 7,
    });
    const adc = (ms, r) => {
      let open = ms >= 2000;
      if (ms >= 1000 && ms < 1020) open = true; // glitch
      if (ms >= 3000 && ms < 3030) open = false; // a magnet passes
      return Math.max(0, Math.min(1023, Math.round((open ? 150 : 850) + r.gauss() * 15)));
    };
    const { text } = render(t, rest, adc);
    traces.push({ t, text, expected: lidExpect(2000) });
  }

  // 8. Sensor noise: a noisy accelerometer with one-sample glitches, a flickering switch.
  {
    const t = trace({
      name: 'sensor-noise',
      about:
        '10 s at rest on a noisy sensor (60 mg), one-sample 2.5 g glitches and one-sample lid ' +
        'flickers every 1.1-1.9 s: nothing',
      rateHz: 100,
      durationMs: 10000,
      seed: 8,
      noiseMg: 60,
    });
    const r = rng(88);
    const glitches = [];
    for (let at = 700; at < 9800; at += 1100 + Math.round(r.next() * 800)) glitches.push(at);
    const accel = (ms) => (glitches.includes(ms) ? [1200, -800, 2600] : rest());
    const lid = (ms) => (glitches.includes(ms + 500) ? 1 : 0);
    const { text } = render(t, accel, lid);
    traces.push({ t, text, expected: [] });
  }

  // Extras: the debounce both ways, a tilt, a swirl below the threshold.
  {
    const t = trace({
      name: 'shake-with-pause',
      about: 'shaking 1.2 s, a 120 ms pause (shorter than the 200 ms gap), 1 s more: one shake',
      rateHz: 100,
      durationMs: 4500,
      seed: 9,
    });
    const a = { start: 1000, end: 2200, hz: 5, amp: 3000 };
    const b = { start: 2320, end: 3320, hz: 5, amp: 3000 };
    const { text, truth } = render(
      t,
      (ms) => (ms < 2260 ? shake(ms, a) : shake(ms, b)),
      () => 0,
    );
    traces.push({ t, text, expected: shakeExpect(truth, { start: a.start, end: b.end }) });
  }
  {
    const t = trace({
      name: 'two-shakes',
      about: 'shaking 1 s, an 800 ms pause (longer than the gap), shaking 1 s: two shakes',
      rateHz: 100,
      durationMs: 5000,
      seed: 10,
    });
    const a = { start: 1000, end: 2000, hz: 4.5, amp: 2800 };
    const b = { start: 2800, end: 3800, hz: 4.5, amp: 2800 };
    const { text, truth } = render(
      t,
      (ms) => (ms < 2400 ? shake(ms, a) : shake(ms, b)),
      () => 0,
    );
    traces.push({ t, text, expected: [...shakeExpect(truth, a), ...shakeExpect(truth, b)] });
  }
  {
    const t = trace({
      name: 'tilt',
      about: 'the cup tipped onto its side over 0.6 s, held, and stood up again: nothing',
      rateHz: 100,
      durationMs: 4000,
      seed: 11,
    });
    const angle = (ms) =>
      (Math.PI / 2) * Math.min(1, Math.max(0, Math.min((ms - 1000) / 600, (3200 - ms) / 600)));
    const accel = (ms) => [1000 * Math.sin(angle(ms)), 0, 1000 * Math.cos(angle(ms))];
    const { text } = render(t, accel, () => 0);
    traces.push({ t, text, expected: [] });
  }
  {
    const t = trace({
      name: 'swirl-below-threshold',
      about: 'swirling the cup gently (0.8 g sideways at 2 Hz) for 3 s: under the threshold',
      rateHz: 100,
      durationMs: 5000,
      seed: 12,
    });
    const accel = (ms) => {
      const e = envelope(ms, 1000, 4000, 200);
      const w = (2 * Math.PI * 2 * ms) / 1000;
      return [800 * e * Math.sin(w), 800 * e * Math.cos(w), 1000];
    };
    const { text } = render(t, accel, () => 0);
    traces.push({ t, text, expected: [] });
  }

  // The whole turn, for the end-to-end test: shake, peek, pass the cup, lift.
  {
    const t = trace({
      name: 'whole-turn',
      about: 'a turn: shake 1.5 s, peek 0.7 s, slide the cup to the next player, who lifts the lid',
      rateHz: 100,
      durationMs: 8500,
      seed: 13,
    });
    const s = { start: 1000, end: 2500, hz: 4.5, amp: 2800 };
    const peek = bouncyLid(3500, 4200);
    const lift = bouncyLid(6500);
    const accel = (ms) => {
      if (ms < 2600) return shake(ms, s);
      if (ms >= 5000 && ms < 5800) {
        // slid across the table: push, glide, brake, and a small knock at the end
        const push = 300 * halfSine(ms, 5000, 300) - 300 * halfSine(ms, 5400, 300);
        return [push, 40 * Math.sin(ms / 7), 1000 + 500 * halfSine(ms, 5720, 20)];
      }
      return [0, 120 * (envelope(ms, 3450, 4250, 100) + envelope(ms, 6450, 6700, 100)), 1000];
    };
    const lid = (ms) => (ms < 5000 ? peek.read(ms) : lift.read(ms));
    const { text, truth } = render(t, accel, lid, [...peek.times, ...lift.times]);
    traces.push({
      t,
      text,
      expected: [...shakeExpect(truth, s), ...lidExpect(3500, 4200), ...lidExpect(6500)],
    });
  }
  return traces;
}
