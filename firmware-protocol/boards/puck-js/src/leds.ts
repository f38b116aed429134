/**
 * The Puck's LEDs: identify (blue blinks), the "buzz" of the reset gesture's confirmation (the
 * Puck has no buzzer: red blinks instead), and the calibration's prompts.
 */
import type { Espruino, Pin } from './espruino';

const BLINK_MS = 125;

export class Leds {
  private timer: number | null = null;
  private stopAt = 0;

  constructor(private readonly env: Espruino) {}

  /** Blink blue (pattern bit 0) and/or red (bit 1) for ms, restarting if running. */
  identify(pattern: number, ms: number): void {
    const pins: Pin[] = [];
    if (pattern & 1) pins.push(this.env.LED3);
    if (pattern & 2) pins.push(this.env.LED1);
    this.blink(pins, ms);
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
