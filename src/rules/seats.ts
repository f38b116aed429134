/** Seats around the table: turn order skips players with no lives left. */

/** The next seat after `from` (clockwise) whose player still has lives; `from` if none. */
export function nextSeatInPlay(from: number, lives: readonly number[]): number {
  for (let step = 1; step <= lives.length; step += 1) {
    const seat = (from + step) % lives.length;
    if (lives[seat] > 0) return seat;
  }
  return from;
}

/** `seat` itself when still in play, else the next seat that is. */
export function seatOrNextInPlay(seat: number, lives: readonly number[]): number {
  return lives[seat] > 0 ? seat : nextSeatInPlay(seat, lives);
}

/** How many players still have lives. */
export const playersInPlay = (lives: readonly number[]): number =>
  lives.filter((l) => l > 0).length;
