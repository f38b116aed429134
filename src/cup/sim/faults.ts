/**
 * Deliberate protocol violations for the simulated and the emulated cups, so that the tests can
 * show that the conformance check (`src/cup/check/`) catches each with the right check failing.
 * TEST ONLY: the app never sets one; a cup without `faults` follows PROTOCOL.md.
 */
export interface CupFaults {
  /** The `read_config` Reply is padded to 21 bytes (section 1: at most 20). */
  longFrame?: boolean;
  /** An `identify` Reply echoes the request id of the request before it (4.4). */
  reusedRequestId?: boolean;
  /** A replay leaves out its last event, though its Reply counts it (section 6). */
  replaySkipsOne?: boolean;
  /** A replay compares sequence numbers as plain integers, without the u16 wrap (section 6). */
  replayIgnoresWrap?: boolean;
  /** The Battery Level characteristic has no CCCD (section 2). */
  missingCccd?: boolean;
  /** An unknown opcode is answered `bad_value` instead of `unknown_opcode` (4.4). */
  wrongUnknownStatus?: boolean;
  /** A restart keeps the boot id (section 6). */
  sameBootId?: boolean;
  /** `write_config` is carried out without the owner's proof (4.4, section 6). */
  configWithoutProof?: boolean;
  /** A second `replay_since` while one runs is carried out instead of answered `busy`. */
  noBusy?: boolean;
  /** Control also has the "write without response" property (section 2). */
  writeWithoutResponse?: boolean;
  /** `telemetry_start` and `telemetry_stop` are carried out without the owner's proof (4.4). */
  telemetryWithoutProof?: boolean;
  /** A telemetry stream numbers its frames from 1 instead of 0 (4.7). */
  telemetryFromOne?: boolean;
  /** `telemetry_stop` ends the stream without its `end` frame (4.4, 4.7). */
  telemetryNoEnd?: boolean;
  /** [1.2] A proven connection's `write_config` is answered `ok` without its tag checked (4.4). */
  tagUnchecked?: boolean;
  /** [1.2] The cup's proof in the `auth_cup_proof` Reply is wrong (4.4). */
  wrongCupProof?: boolean;
  /** [1.2] The `ok` Reply to a sealed `release` has no tag (4.4, 4.5). */
  releaseUntagged?: boolean;
  /** [1.2] The 1.1 `claim` is answered `denied`, not `not_supported` (4.4). */
  clearClaimDenied?: boolean;
  /** [1.2] On a cup without an owner `identify` is answered `ok` for anyone, as 1.1 did (4.4). */
  identifyForAnyone?: boolean;
}

/** The faults by name, for the tests that walk through them. */
export type CupFault = keyof CupFaults;
