import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  SIDES,
  clockwise,
  defaultSides,
  facingOf,
  moveToSide,
  nextSide,
  seatingFor,
  seatsBySide,
  type Side,
} from '../../../src/rules';

const count = (sides: Side[], side: Side) => sides.filter((s) => s === side).length;
const order = (s: Side) => SIDES.indexOf(s);
const isClockwise = (sides: Side[]) =>
  sides.every((s, i) => i === 0 || order(sides[i - 1]) <= order(s));

describe('seats around the tablet', () => {
  it('face their side: bottom 0, left 90, top 180, right 270 degrees', () => {
    expect(SIDES.map(facingOf)).toEqual([0, 90, 180, 270]);
  });

  it.each([
    // players, landscape 1024x696, portrait 768x952 (the table below the toolbar)
    [2, 'B T', 'L R'],
    [3, 'B L T', 'B L R'],
    [4, 'B L T R', 'B L T R'],
    [6, 'BB L TT R', 'B LL T RR'],
    [10, 'BBB LL TTT RR', 'BB LLL TT RRR'],
    [16, 'BBBBB LLL TTTTT RRR', 'BBBB LLLL TTTT RRRR'],
  ])('%i players sit by default as %s in landscape and %s in portrait', (n, wide, tall) => {
    const letters = (sides: Side[]) =>
      SIDES.map((side) => side[0].toUpperCase().repeat(count(sides, side)))
        .filter(Boolean)
        .join(' ');
    expect(letters(defaultSides(n, 1024, 696))).toBe(wide);
    expect(letters(defaultSides(n, 768, 952))).toBe(tall);
  });

  it('by default go round clockwise from the bottom, with the long sides never emptier', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 16 }),
        fc.integer({ min: 300, max: 3000 }),
        fc.integer({ min: 300, max: 3000 }),
        (n, w, h) => {
          const sides = defaultSides(n, w, h);
          expect(sides).toHaveLength(n);
          expect(isClockwise(sides)).toBe(true);
          const [long, short] =
            w >= h ? (['bottom', 'left'] as const) : (['left', 'bottom'] as const);
          expect(count(sides, long)).toBeGreaterThanOrEqual(count(sides, short));
        },
      ),
    );
  });

  it('keep a stored seating that fits the players, else take the default', () => {
    expect(seatingFor(['bottom', 'bottom', 'right'], 3, 1024, 768)).toEqual([
      'bottom',
      'bottom',
      'right',
    ]);
    expect(seatingFor(['bottom', 'right'], 3, 1024, 768)).toEqual(defaultSides(3, 1024, 768));
    expect(seatingFor(['bottom', 'nowhere' as Side], 2, 1024, 768)).toEqual(['bottom', 'top']);
    expect(seatingFor(null, 2, 768, 1024)).toEqual(['left', 'right']);
    expect(seatingFor(null, 2, 1024, 768)).toEqual(['bottom', 'top']);
    expect(clockwise(['top', 'bottom', 'left'])).toEqual(['bottom', 'left', 'top']);
  });

  it('move a player to the nearest place on another side, turn order following the seats', () => {
    // B0 B1 L2 T3 R4: seat 1 goes on to the left (first there), seat 0 back from... to the top.
    const sides: Side[] = ['bottom', 'bottom', 'left', 'top', 'right'];
    expect(moveToSide(sides, 1, 'left')).toEqual({
      sides: ['bottom', 'left', 'left', 'top', 'right'],
      from: [0, 1, 2, 3, 4],
    });
    expect(moveToSide(sides, 0, 'top')).toEqual({
      sides: ['bottom', 'left', 'top', 'top', 'right'],
      from: [1, 2, 0, 3, 4],
    });
    expect(moveToSide(sides, 4, 'bottom')).toEqual({
      sides: ['bottom', 'bottom', 'bottom', 'left', 'top'],
      from: [0, 1, 4, 2, 3],
    });
    expect(moveToSide(sides, 2, 'left').sides).toEqual(sides);
  });

  it('stay clockwise and keep every player after any move', () => {
    const side = fc.constantFrom(...SIDES);
    fc.assert(
      fc.property(
        fc.array(side, { minLength: 2, maxLength: 16 }),
        fc.nat(),
        side,
        (raw, at, to) => {
          const sides = clockwise(raw);
          const seat = at % sides.length;
          const moved = moveToSide(sides, seat, to);
          expect(isClockwise(moved.sides)).toBe(true);
          expect([...moved.from].sort((a, b) => a - b)).toEqual(sides.map((_, i) => i));
          expect(moved.sides[moved.from.indexOf(seat)]).toBe(to);
        },
      ),
    );
  });

  it('cycle clockwise by tap, and read left to right on each side as a person there sees it', () => {
    expect(SIDES.map(nextSide)).toEqual(['left', 'top', 'right', 'bottom']);
    expect(seatsBySide(['bottom', 'bottom', 'left', 'left', 'top', 'top', 'right'])).toEqual({
      bottom: [1, 0],
      left: [3, 2],
      top: [4, 5],
      right: [6],
    });
  });
});
