/**
 * The cup layer's one way in for the app: open the cup the players chose, as a connection (and,
 * for the simulated cup, the on-screen cup behind it). The app binds it to the game; this layer
 * knows nothing of the game.
 */
import { CupConnection } from './connection/connection';
import { localStorageMemory } from './connection/memory';
import { SimulatedCup, SimulatedTransport } from './sim/simulated';
import { WebBluetoothTransport } from './link/web-bluetooth';

/** Which cup: the simulated one on screen, or a real one over Web Bluetooth. */
export type CupKind = 'simulated' | 'bluetooth';

export interface CupBinding {
  connection: CupConnection;
  /** The on-screen cup when the simulated cup is in use. */
  sim: SimulatedCup | null;
}

export interface OpenCupOptions {
  /** When the table last took a step by hand (app clock, ms); -Infinity when never. */
  movedOnAt: () => number;
  /** A game is running: a lost cup is retried for as long as it runs. */
  keepTrying: () => boolean;
}

/**
 * The connection to the chosen cup, initialised (the simulated cup is connected at once, a
 * Bluetooth cup from an earlier visit is looked for without the chooser). Dispose it when done.
 */
export async function openCup(kind: CupKind, options: OpenCupOptions): Promise<CupBinding> {
  if (kind === 'simulated') {
    const sim = await SimulatedCup.create();
    const connection = new CupConnection({ transport: new SimulatedTransport(sim), ...options });
    return { connection, sim };
  }
  const transport = new WebBluetoothTransport();
  const connection = new CupConnection({ transport, memory: localStorageMemory(), ...options });
  return { connection, sim: null };
}

/** Start using an opened cup: the simulated one connects, a real one is looked for. */
export async function startCup(kind: CupKind, binding: CupBinding): Promise<void> {
  await binding.connection.init();
  if (kind === 'simulated') binding.connection.connect();
  else binding.connection.restore();
}
