/** The central's address as Espruino gives it on 'connect', as the core's 6 bytes. */
import { describe, expect, it } from 'vitest';
import { peerAddress } from '../../../firmware-protocol/boards/puck-js/src/peer';

describe('peerAddress', () => {
  it('reads "aa:bb:cc:dd:ee:ff public" (or random) into its bytes, in the order written', () => {
    const bytes = [0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff];
    expect([...peerAddress('aa:bb:cc:dd:ee:ff public')!]).toEqual(bytes);
    expect([...peerAddress('AA:BB:CC:DD:EE:FF random')!]).toEqual(bytes);
    expect([...peerAddress('01:02:03:04:05:06')!]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('gives null (an unknown peer) for anything else', () => {
    for (const text of [
      undefined,
      42,
      '',
      'aa:bb:cc:dd:ee public',
      'aa:bb:cc:dd:ee:fg',
      'a:bb:cc:dd:ee:ff0',
    ]) {
      expect(peerAddress(text)).toBeNull();
    }
  });
});
