import { describe, expect, it } from 'vitest';
import type { TracePoint } from '../../../src/cup';
import { gAxis, labelRows, lidSpans, polyline, timeAxis } from '../../../src/ui/cup/trace-scale';

describe("the recorder plot's axes", () => {
  it('the g axis runs from 0 to at least 3 g, and grows with the data by half g', () => {
    expect(gAxis(0, 1000)).toEqual({ min: 0, max: 3000, ticks: [0, 1000, 2000, 3000] });
    expect(gAxis(-20, 3721)).toEqual({
      min: -500,
      max: 4000,
      ticks: [0, 1000, 2000, 3000, 4000],
    });
    expect(gAxis(-1400, 2000).ticks).toEqual([-1000, 0, 1000, 2000, 3000]);
    // A clipped ±8 g sensor: a tick every 2 g.
    expect(gAxis(-8000, 8000).ticks).toEqual([
      -8000, -6000, -4000, -2000, 0, 2000, 4000, 6000, 8000,
    ]);
  });

  it('the time axis shows at least 10 s, its ticks as fine as its room allows', () => {
    expect(timeAxis(8_790, 10)).toEqual({
      min: 0,
      max: 10_000,
      ticks: [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10_000],
    });
    expect(timeAxis(8_790, 6).ticks).toEqual([0, 2000, 4000, 6000, 8000, 10_000]);
    expect(timeAxis(8_790, 3).ticks).toEqual([0, 5000, 10_000]);
    expect(timeAxis(60_000, 7).ticks).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000]);
    expect(timeAxis(60_000, 1).ticks).toEqual([0, 30_000, 60_000]); // the coarsest step
  });
});

describe("the recorder plot's parts", () => {
  it("the lid's open spans, the last one still open at the end", () => {
    const points: TracePoint[] = [
      { t: 0, lid: 0 },
      { t: 100, magnitudeMg: 1000 },
      { t: 1000, lid: 1 },
      { t: 1800, lid: 0 },
      { t: 2500, lid: 1 },
      { t: 2600, lid: 1 },
    ];
    expect(lidSpans(points, 3000)).toEqual([
      { from: 1000, to: 1800 },
      { from: 2500, to: 3000 },
    ]);
  });

  it("event labels take the first row they clear, and go left of a mark at the plot's edge", () => {
    const places = labelRows(
      [
        { x: 100, width: 80 },
        { x: 150, width: 80 }, // overlaps the first: next row
        { x: 200, width: 80 }, // clears the first (ends at 186): first row
        { x: 210, width: 80 }, // clears neither: the third row
        { x: 220, width: 80 }, // no row free: the row that ends first
        { x: 580, width: 80 }, // would pass the right edge at 600: left of its mark
      ],
      3,
      600,
    );
    expect(places).toEqual([
      { row: 0, side: 'right' },
      { row: 1, side: 'right' },
      { row: 0, side: 'right' },
      { row: 2, side: 'right' },
      { row: 1, side: 'right' },
      { row: 0, side: 'left' },
    ]);
  });

  it('a polyline keeps the lowest and highest reading of each pixel column, in order', () => {
    const points: TracePoint[] = [
      { t: 0, magnitudeMg: 1000 },
      { t: 1, magnitudeMg: 3000 },
      { t: 2, magnitudeMg: 500 },
      { t: 3, magnitudeMg: 1000 },
      { t: 4, lid: 1 },
      { t: 10, magnitudeMg: 1200 },
    ];
    // 10 ms a pixel: the first four readings share column 0.
    const line = polyline(
      points,
      (p) => p.magnitudeMg,
      (t) => t / 10,
      (v) => -v / 100,
    );
    expect(line).toBe('0,-30.0 0,-5.0 1,-12.0');
    // Every reading where each has its own column.
    expect(
      polyline(
        points,
        (p) => p.magnitudeMg,
        (t) => t * 10,
        (v) => v,
      ).split(' '),
    ).toHaveLength(5);
  });
});
