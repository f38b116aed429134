/**
 * The differential test's sessions of protocol 1.2's ownership (core-sessions.ts has the rest):
 * the proofs both ways, sealed requests, claims, and the room a cup keeps for its owner.
 */
import type { Session } from './core-sessions';

const KEY = '000102030405060708090a0b0c0d0e0f';
const CONFIG = '900 250 200 80 30'; // threshold, min, gap, debounce, idle sleep: wire order
const STRANGER = 'a1a2a3a4a5a6';
const OWNER = 'b1b2b3b4b5b6';

/** A Reply of this opcode with this status (hex bytes). */
const reply = (opcode: string, status: string) => new RegExp(`^notify reply ${opcode}..${status}`);

export const SESSIONS_12: Session[] = [
  {
    name: '1.2: the cup proves itself, the app answers, sealed requests; a forged tag unproves',
    script: `boot 0 owner=${KEY}
      link 10
      app 20 auth_challenge
      mutual 30 ${KEY}
      sealed 40 write_config ${CONFIG}
      app 50 read_config
      sealed 60 telemetry_start 1
      wait 1200 20
      app 1300 release
      smp
      state 1310`,
    shows: [reply('0b', '00'), reply('06', '00'), reply('04', '00'), /^config-changed /].concat([
      reply('09', '00'),
      /^notify telemetry /,
      reply('08', '07'),
      /^smp 0$/,
    ]),
  },
  {
    name: '1.2: a claim confirmed by the lid; a sealed release with its tag; SMP after the unlock',
    script: `boot 0 caps=0xff
      lid 0 0
      tick 60
      link 100
      claim 110
      lid 2000 1
      wait 2100 20
      sealed 2200 firmware_unlock
      smp
      sealed 2300 release
      smp
      advert`,
    shows: [/^identify 3 10000$/, reply('0e', '00'), /^owner-changed /, reply('0f', '00')].concat([
      /^smp 1$/,
      /^notify reply 08..00[0-9a-f]{16}$/,
      /^owner-changed none$/,
      /^smp 0$/,
    ]),
  },
  {
    name: '1.2: a claim nobody confirms gets no_gesture; one confirmed by a button; 1.1 claim refused',
    script: `boot 0
      link 100
      app 105 claim ${KEY}
      claim 110
      wait 10200 50
      busy
      claim 10300
      button 10400
      state 10410`,
    shows: [reply('07', '05'), reply('0e', '08'), /^busy 1$/, reply('0e', '00')],
  },
  {
    name: '1.2: identify needs the proof on a cup with an owner, on one without a claim waiting',
    script: `boot 0 owner=${KEY}
      link 10
      app 20 identify 500
      app 30 auth_challenge
      mutual 40 ${KEY}
      app 50 identify 600
      boot 0
      link 10
      app 20 identify 700
      claim 30
      app 40 identify 800`,
    // request 4 (`app` lines are numbered first), identify 700 without an owner: needs_proof
    shows: [reply('01', '06'), /^identify 3 600$/, /^notify reply 010406/, /^identify 3 800$/],
  },
  {
    name: '1.2: a stranger dropped unproven waits 2 s, then 4 s; the owner never waits',
    script: `boot 0 owner=${KEY}
      link 0 ${STRANGER}
      wait 5100 100
      link 6000 ${STRANGER}
      link 7100 ${STRANGER}
      wait 12200 100
      link 16000 ${STRANGER}
      link 16050 ${OWNER}
      app 16060 auth_challenge
      mutual 16070 ${KEY}
      connect 16100 0
      link 16200 ${OWNER}
      wait 21300 100
      link 21400 ${OWNER}
      busy`,
    shows: [/^drop$/, reply('06', '00'), /^busy 1$/],
  },
  {
    name: '1.2: a stranger that connects and leaves unproven counts as dropped 2 s earlier',
    script: `boot 0 owner=${KEY}
      link 0 ${STRANGER}
      connect 100 0
      link 200 ${STRANGER}
      connect 300 0
      link 400 ${STRANGER}`,
    // the first leave's 2 s are over when it comes back; the second's 4 s are not: refused
    shows: [/^drop$/],
  },
];
