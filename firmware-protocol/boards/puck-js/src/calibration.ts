/**
 * The firmware's life on a Puck: the lid calibration with the button, and the cup. While the cup
 * runs, a short press confirms a claim that waits for the person at the cup (as the lid or a
 * shake do: PROTOCOL.md 6).
 *
 * Calibration (once, kept in flash; again whenever the button is held 3 s): the green LED asks
 * for the lid ON, a press takes the magnetometer's reading; the blue LED asks for the lid OFF, a
 * press takes the second reading. Three green blinks: stored, and the cup starts again with it.
 * Three red blinks: the magnet is too weak or too far (lid.ts, MIN_SPAN), the old calibration
 * stays. A Puck with no calibration starts in it, and is no cup until it has one.
 *
 * The console over Bluetooth is off while the cup runs (cup.ts). To reach it, hold the button
 * while putting the battery in: Espruino then skips the saved code (its nrf5x main.c), so none
 * of this runs and the Puck's own console is back, for `npm run cup:flash`.
 */
import type { BoardCore, CoreHooks } from './core';
import type { Espruino, Xyz } from './espruino';
import { PuckCup } from './cup';
import { Leds } from './leds';
import { lidThresholds, type LidCalibration } from './lid';
import { CupStore } from './store';

export const HOLD_TO_CALIBRATE_MS = 3000;
const CALIBRATION_MAG_HZ = 10;

type Step = 'idle' | 'lid-on' | 'lid-off';

export class PuckFirmware {
  readonly store: CupStore;
  readonly leds: Leds;
  cup: PuckCup | null = null;
  step: Step = 'idle';
  private pressedAt = 0;
  private latest: Xyz | null = null;
  private lidOn: Xyz | null = null;

  constructor(
    private readonly env: Espruino,
    private readonly makeCore: (hooks: CoreHooks) => BoardCore,
    onStorageChanged: () => void = () => {},
  ) {
    this.store = new CupStore(env.Storage, onStorageChanged);
    this.leds = new Leds(env);
  }

  start(): void {
    const { env } = this;
    env.Puck.on('mag', (xyz) => {
      this.latest = xyz;
    });
    env.setWatch((e) => this.button(e.state, e.time), env.BTN, {
      repeat: true,
      edge: 'both',
      debounce: 50,
    });
    const cal = this.store.lidCalibration();
    if (cal && lidThresholds(cal)) this.startCup(cal);
    else this.calibrate();
  }

  private button(down: boolean, time: number): void {
    if (down) {
      this.pressedAt = time;
      return;
    }
    if ((time - this.pressedAt) * 1000 >= HOLD_TO_CALIBRATE_MS) {
      this.calibrate();
      return;
    }
    if (this.step === 'idle') {
      this.cup?.claimButton(); // a short press confirms a claim that waits (PROTOCOL.md 6)
      return;
    }
    if (!this.latest) return;
    const reading = { x: this.latest.x, y: this.latest.y, z: this.latest.z };
    if (this.step === 'lid-on') {
      this.lidOn = reading;
      this.step = 'lid-off';
      this.leds.steady(this.env.LED3);
      return;
    }
    const cal: LidCalibration = { on: this.lidOn ?? reading, off: reading };
    this.step = 'idle';
    if (!lidThresholds(cal)) {
      this.leds.blink([this.env.LED1], 750);
      const old = this.store.lidCalibration();
      if (old && lidThresholds(old)) this.startCup(old);
      else this.calibrate();
      return;
    }
    this.store.setLidCalibration(cal);
    this.leds.blink([this.env.LED2], 750);
    this.startCup(cal);
  }

  private calibrate(): void {
    this.cup?.stop();
    this.cup = null;
    this.step = 'lid-on';
    this.lidOn = null;
    this.env.Puck.magOn(CALIBRATION_MAG_HZ);
    this.leds.steady(this.env.LED2);
  }

  private startCup(cal: LidCalibration): void {
    this.cup?.stop();
    this.cup = new PuckCup(this.env, this.store, this.leds, cal, this.makeCore);
    this.cup.boot();
  }
}
