/**
 * Scripted sessions for the differential test (core-differential.test.ts): what a board and an
 * app do with a cup, in the command language of `mia_host session` (tools/mia_session.c) and
 * the few lines core-scripts.ts expands. Each session names answer lines it must show, so it
 * does what its name says.
 */
import { record } from './core-scripts';
import { SESSIONS_12 } from './core-sessions-12';

export interface Session {
  name: string;
  script: string;
  /** Patterns each matching at least one answer line. */
  shows: RegExp[];
}

const KEY = '000102030405060708090a0b0c0d0e0f';
const OTHER = 'f0e0d0c0b0a090807060504030201000';
const CONFIG = '900 250 200 80 30'; // threshold, min, gap, debounce, idle sleep: wire order

/** A Reply of this opcode with this status (hex bytes). */
const reply = (opcode: string, status: string) => new RegExp(`^notify reply ${opcode}..${status}`);
const event = (type: string) => new RegExp(`^notify events ${type}`);
const [SHAKE_STARTED, SHAKE_ENDED, LID_OPENED, LID_CLOSED, BOOTED] = ['01', '02', '03', '04', '05'];

export const SESSIONS: Session[] = [
  {
    name: 'connect, read Info, State and the advert, replay the boot, battery in State',
    script: `boot 0
      info
      state 5
      advert
      link 10
      battery 80 1
      app 20 replay_since 65535
      wait 300 20
      state 300`,
    shows: [/^info 0102/, /^advert 00/, reply('02', '00'), event(BOOTED), /^notify state 0450/],
  },
  {
    name: 'a 1.1 board: claim, then prove the key on the next connection; release',
    script: `boot 0 seed=99 minor=1
      link 10
      app 20 claim ${KEY}
      advert
      connect 500 0
      link 600
      app 610 read_config
      app 620 replay_since 0
      app 630 auth_challenge
      prove 640 ${KEY}
      app 650 read_config
      app 660 release
      advert`,
    shows: [/^owner-changed 0001/, /^advert 01/, reply('03', '06'), reply('02', '06')].concat([
      reply('06', '00'),
      reply('03', '00'),
      /^owner-changed none$/,
      /^advert 00/,
    ]),
  },
  {
    name: 'a 1.1 board: wrong proofs are denied and the third drops the link; then a right one',
    script: `boot 0 owner=${KEY} minor=1
      link 10
      app 100 auth_challenge
      prove 105 ${OTHER}
      app 200 auth_challenge
      prove 205 ${OTHER}
      app 300 auth_challenge
      prove 305 ${OTHER}
      state 400
      link 500
      app 510 auth_prove ${KEY}
      app 520 auth_challenge
      prove 530 ${KEY}
      app 540 claim ${OTHER}`,
    shows: [reply('06', '07'), /^drop$/, reply('06', '00'), /^owner-changed f0e0/],
  },
  {
    name: 'an unproven connection is dropped after 5 s, to an owned cup or not',
    script: `boot 0 owner=${KEY}
      link 1000
      busy
      wait 7000 100
      busy
      boot 0
      link 1000
      wait 7000 100`,
    shows: [/^busy 1$/, /^drop$/, /^busy 0$/],
  },
  {
    name: 'a whole turn from samples at 100 Hz on a claimed cup: shake, peek, pass, lift',
    script: `boot 0
      link 0
      own 0
      trace whole-turn.csv 0
      wait 11000 20`,
    shows: [event(SHAKE_STARTED), event(SHAKE_ENDED), event(LID_OPENED), event(LID_CLOSED)],
  },
  {
    name: 'a shake at 50 Hz from the accelerometer FIFO, 10 samples a call',
    script: `boot 0 rate=50
      link 0
      own 0
      trace gentle-shake.csv 0 10
      wait 7000 20`,
    shows: [event(SHAKE_STARTED), event(SHAKE_ENDED)],
  },
  {
    name: 'an analog lid sensor: a magnet blip, then the lid lifted and put back',
    script: `boot 0 lid=1:1:300:600
      link 0
      own 0
      trace magnet-blip.csv 0
      trace lid-lift.csv 20000
      wait 29000 20`,
    shows: [event(LID_OPENED), event(LID_CLOSED)],
  },
  {
    name: 'link lost and back: replay some, none, everything, from the future',
    script: `boot 0
      link 0
      lid 100 0
      lid 200 1
      wait 400 10
      lid 500 0
      wait 700 10
      connect 800 0
      lid 900 1
      wait 1000 10
      lid 1100 0
      wait 1300 10
      link 1400
      app 1410 replay_since 2
      app 1420 replay_since 4
      app 1430 replay_since 65535
      app 1440 replay_since 300`,
    shows: [/^notify reply 020.0003000200$/, /^notify reply 020.0005000000$/].concat([
      /^notify reply 020.0000000500$/,
      /^notify reply 020.0000000500$/,
    ]),
  },
  {
    name: 'a restart: a new boot id, the old sequence numbers gone; a wake from sleep',
    script: `boot 0
      link 0
      lid 10 1
      wait 200 10
      state 200
      reboot 0
      state 0
      link 50
      app 60 replay_since 1
      reboot 0 woke
      state 5`,
    shows: [/^notify reply 02..0000000100$/, event(BOOTED)],
  },
  {
    name: 'read and write the Config; it survives a reboot with CONFIG_PERSIST only',
    script: `boot 0
      link 0
      app 10 read_config
      app 20 write_config ${CONFIG}
      write 30 04ff00000000000000000000
      app 40 read_config
      reboot 0
      link 10
      app 20 read_config
      boot 0 caps=0x5f
      link 10
      app 20 write_config ${CONFIG}
      reboot 0
      link 10
      app 30 read_config
      boot 0 config=${record(CONFIG)}
      link 10
      app 20 read_config`,
    shows: [reply('04', '00'), reply('04', '03'), /^config-changed 8403/, reply('03', '00')],
  },
  {
    name: 'telemetry: started, frames, stopped; again to its limit; a cup without it',
    script: `boot 0
      link 0
      app 10 telemetry_start 2
      trace lid-peek.csv 20 0 100
      app 1500 telemetry_stop
      app 1510 telemetry_start 1
      trace tap.csv 1520 0 150
      wait 6000 10
      boot 0 caps=0x3f
      link 0
      app 10 telemetry_start 2`,
    shows: [reply('09', '00'), /^notify telemetry ....02/, /^notify telemetry ....04/].concat([
      reply('0a', '00'),
      reply('09', '01'),
    ]),
  },
  {
    name: 'the reset gesture: lid open from power-on for 5 s; not after a wake or a close',
    script: `boot 0 owner=${KEY}
      lid 0 1
      wait 6000 50
      advert
      boot 0 owner=${KEY} woke
      lid 0 1
      wait 6000 50
      advert
      boot 0 owner=${KEY}
      lid 0 1
      wait 2000 50
      lid 2000 0
      wait 2200 50
      lid 2200 1
      wait 6000 50
      advert
      forget
      advert`,
    shows: [/^owner-changed none$/, /^identify 3 2000$/, /^advert 01/, /^advert 00/],
  },
  {
    name: 'idle: may sleep after the Config idle time without motion or a link',
    script: `boot 0 config=${record(CONFIG)}
      wait 5100 50
      may-sleep 29000
      may-sleep 30000
      accel 31000 0 0 2500
      wait 31500 50
      may-sleep 60000
      may-sleep 61500
      link 61500
      may-sleep 99000
      busy`,
    shows: [/^may-sleep 0$/, /^may-sleep 1$/, /^busy 0$/],
  },
  {
    name: 'wrong writes: too short, unknown opcode, too long, bad length; 1.1, no RNG, no LED',
    script: `boot 0 hooks=14 caps=0x03 minor=1
      link 0
      write 10 01
      write 20 7f01
      write 30 ${'01'.repeat(21)}
      write 40 0201ff
      app 50 claim ${KEY}
      app 60 identify 200
      state 70`,
    shows: [/^att 13$/, reply('7f', '01'), reply('01', '02'), reply('07', '07')].concat([
      reply('01', '05'),
    ]),
  },
  ...SESSIONS_12,
];
