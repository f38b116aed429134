/** The fake Puck's clock: virtual ms, and what is due at a time (timers, sensor samples). */
export interface Due {
  at: number;
  /** Runs it; returns the next time it is due, or null when done. */
  run(): number | null;
}

export class FakeClock {
  ms = 0;
  private due: { id: number; item: Due }[] = [];
  private nextId = 1;

  add(item: Due): number {
    const id = this.nextId++;
    this.due.push({ id, item });
    return id;
  }

  remove(id: number): void {
    this.due = this.due.filter((d) => d.id !== id);
  }

  /** Time moves on by ms, running everything due on the way, in time order. */
  advance(ms: number): void {
    const end = this.ms + ms;
    for (;;) {
      let first: { id: number; item: Due } | null = null;
      for (const d of this.due) if (!first || d.item.at < first.item.at) first = d;
      if (!first || first.item.at > end) break;
      this.ms = Math.max(this.ms, first.item.at);
      const next = first.item.run();
      if (next === null) this.remove(first.id);
      else first.item.at = next;
    }
    this.ms = end;
  }
}
