/**
 * Where the players sit around a tablet lying flat on the table: each seat on one of the four
 * sides of the screen, several per side, in turn order clockwise (seen from above: bottom,
 * left, top, right). Pure geometry: no rules of Mia, no DOM.
 */

export type Side = 'bottom' | 'left' | 'top' | 'right';

/** The sides in clockwise order, starting at the bottom edge. */
export const SIDES: readonly Side[] = ['bottom', 'left', 'top', 'right'];

/** How far a panel on a side is turned (clockwise, degrees) to face a player sitting there. */
export type Facing = 0 | 90 | 180 | 270;

export const isSide = (value: unknown): value is Side => SIDES.includes(value as Side);

/** The rotation that makes text readable from `side`: its foot toward that edge. */
export function facingOf(side: Side): Facing {
  return (SIDES.indexOf(side) * 90) as Facing;
}

/**
 * A sensible seating for `count` players on a screen `width` by `height` (any unit): one seat
 * at a time goes to the side with the most room per seat (ties in the order bottom, top,
 * left, right), then the seats take turns clockwise from the bottom.
 */
export function defaultSides(count: number, width: number, height: number): Side[] {
  const length: Record<Side, number> = { bottom: width, top: width, left: height, right: height };
  const taken: Record<Side, number> = { bottom: 0, top: 0, left: 0, right: 0 };
  const preference: Side[] = ['bottom', 'top', 'left', 'right'];
  for (let seat = 0; seat < count; seat += 1) {
    let best = preference[0];
    for (const side of preference) {
      const crowd = (taken[side] + 1) / length[side];
      if (crowd < (taken[best] + 1) / length[best] - 1e-9) best = side;
    }
    taken[best] += 1;
  }
  return SIDES.flatMap((side) => Array.from({ length: taken[side] }, () => side));
}

/**
 * The seats in turn order must go round the table clockwise: sorted by side (bottom, left,
 * top, right), each side's seats keeping their order. A seat order that does not is mended by
 * that sort; turn order itself (the players' order) never changes.
 */
export function clockwise(sides: readonly Side[]): Side[] {
  return [...sides].sort((a, b) => SIDES.indexOf(a) - SIDES.indexOf(b));
}

/** The seating for `count` players: `stored` when it fits them, else the default. */
export function seatingFor(
  stored: readonly Side[] | null | undefined,
  count: number,
  width: number,
  height: number,
): Side[] {
  if (stored && stored.length === count && stored.every(isSide)) return clockwise(stored);
  return defaultSides(count, width, height);
}

/**
 * The table moves the player in seat `seat` to `side`. Turn order follows where people sit, so
 * the player takes the place on that side nearest to where they were: the first seat of a side
 * further on clockwise, the last seat of one before. Returns the new seating and, for each new
 * seat, the seat it was before (to reorder the players the same way).
 */
export function moveToSide(
  sides: readonly Side[],
  seat: number,
  side: Side,
): { sides: Side[]; from: number[] } {
  const from = sides.map((_, i) => i);
  const order = (s: Side) => SIDES.indexOf(s);
  if (sides[seat] === side) return { sides: [...sides], from };
  const forward = order(side) > order(sides[seat]);
  const rest = sides.filter((_, i) => i !== seat);
  const restFrom = from.filter((i) => i !== seat);
  const at = rest.filter((s) =>
    forward ? order(s) < order(side) : order(s) <= order(side),
  ).length;
  rest.splice(at, 0, side);
  restFrom.splice(at, 0, seat);
  return { sides: rest, from: restFrom };
}

/** The next side clockwise (a tap on a seat's side button moves it there). */
export const nextSide = (side: Side): Side => SIDES[(SIDES.indexOf(side) + 1) % SIDES.length];

/**
 * The seats on each side in the order a person sees them left to right on the screen held
 * upright (the bottom edge toward them): clockwise goes right to left along the bottom, up the
 * left edge, left to right along the top and down the right edge.
 */
export function seatsBySide(sides: readonly Side[]): Record<Side, number[]> {
  const by: Record<Side, number[]> = { bottom: [], left: [], top: [], right: [] };
  sides.forEach((side, seat) => by[side].push(seat));
  by.bottom.reverse();
  by.left.reverse();
  return by;
}
