/**
 * SMP over a `CupConnection`'s link: the SMP characteristic of the connected cup, written in
 * the connection's GATT queue (so it never overlaps the Mia service's own operations), and
 * followed until the link drops. The update needs the owner's proof: the cup is "ready" only
 * when it is connected and this app has proven it owns it.
 */
import type { CupConnection } from '../connection/connection';
import { CupDisconnectedError, CupTimeoutError } from '../errors';
import { valueOf, type GattCharacteristicLike, type GattListener } from '../link/gatt';
import type { SmpPipe } from './client';
import { characteristic } from '../link/discover';
import type { UpdateCup } from './update-state';

/** Web Bluetooth's write without response, where the characteristic object has it. */
type SmpCharacteristic = GattCharacteristicLike & {
  writeValueWithoutResponse?: (value: BufferSource) => Promise<void>;
};

export function connectionCup(connection: CupConnection): UpdateCup {
  const ready = () =>
    connection.snapshot.status.phase === 'connected' && connection.snapshot.ownership === 'mine';
  return {
    ready,
    until: (want, ms) =>
      new Promise<void>((resolve, reject) => {
        if (ready() === want) return resolve();
        const timer = setTimeout(() => {
          stop();
          reject(new CupTimeoutError(want ? 'the cup coming back' : 'the cup restarting', ms));
        }, ms);
        const stop = connection.watch(() => {
          if (ready() !== want) return;
          clearTimeout(timer);
          stop();
          resolve();
        });
      }),
    open: async (): Promise<SmpPipe> => {
      if (!ready()) throw new CupDisconnectedError();
      const char = (await connection.gatt('smp characteristic', (server) =>
        characteristic(server, 'smp'),
      )) as SmpCharacteristic;
      await connection.gatt('smp notifications', () => char.startNotifications());
      return {
        write: (value) =>
          connection.gatt('smp write', () =>
            char.writeValueWithoutResponse
              ? char.writeValueWithoutResponse(value.slice())
              : char.writeValueWithResponse(value.slice()),
          ),
        listen(onValue, closed) {
          const listener: GattListener = (event) => {
            const v = valueOf(event);
            if (v)
              onValue(new Uint8Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength)));
          };
          char.addEventListener('characteristicvaluechanged', listener);
          let stopped = false;
          const stopWatching = connection.watch(() => {
            if (ready() || stopped) return;
            stop();
            closed(new CupDisconnectedError());
          });
          const stop = () => {
            if (stopped) return;
            stopped = true;
            char.removeEventListener('characteristicvaluechanged', listener);
            stopWatching();
          };
          return stop;
        },
      };
    },
  };
}
