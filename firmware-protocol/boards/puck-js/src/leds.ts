/**
 * The Puck's LEDs: identify, a claim waiting for its gesture and the reset gesture's
 * confirmation (blue blinks: the Puck declares no buzzer, so the core asks for a blink only),
 * and the calibration's prompts.
 */
import type { Espruino, Pin } from './espruino';

const BLINK_MS = 125;

export class Leds {
  private timer: number | null = null;
  private stopAt = 0;

  constructor(private readonly env: Espruino) {}

  /** Blink blue (pattern bit 0) for ms, restarting if running. */
  identify(pattern: number, ms: number): void {
    this.blink(pattern & 1 ? [this.env.LED3] : [], ms);
  }

  blink(pins: Pin[], ms: number): void {
    this.off();
    if (pins.length === 0 || ms === 0) return;
    this.stopAt = this.clock() + ms;
    let lit = true;
    this.show(pins, lit);
    this.timer = this.env.setInterval(() => {
      lit = !lit;
      const done = this.clock() >= this.stopAt;
      this.show(pins, lit && !done);
      if (done) this.off();
    }, BLINK_MS);
  }

  /** One LED on (or none): the calibration's prompts. */
  steady(pin: Pin | null): void {
    this.off();
    if (pin !== null) this.env.digitalWrite(pin, true);
  }

  off(): void {
    if (this.timer !== null) this.env.clearInterval(this.timer);
    this.timer = null;
    this.show([this.env.LED1, this.env.LED2, this.env.LED3], false);
  }

  private show(pins: Pin[], on: boolean): void {
    for (let i = 0; i < pins.length; i++) this.env.digitalWrite(pins[i], on);
  }

  private clock(): number {
    return Math.floor(this.env.getTime() * 1000);
  }
}
