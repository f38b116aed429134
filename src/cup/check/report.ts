/**
 * The conformance check's vocabulary: its groups (by PROTOCOL.md section), its checks, and the
 * report it produces. Codes only: the UI words them (`src/ui/check/text.ts`). What was sent
 * and what came back is written in the protocol's own notation (hex frames, field names).
 */

/** The groups, in the order they are shown, each with the PROTOCOL.md section it checks. */
export const GROUPS = [
  { id: 'gatt', section: '2' },
  { id: 'info', section: '4.1, 7, 9.1' },
  { id: 'state', section: '4.3, 2' },
  { id: 'ownership', section: '4.4, 6' },
  { id: 'control', section: '4.4, 4.5' },
  { id: 'config', section: '4.6' },
  { id: 'events', section: '4.2, 6' },
  { id: 'sequence', section: '6' },
  { id: 'boot', section: '4.2, 4.3, 6' },
  { id: 'telemetry', section: '2, 4.1, 4.4, 4.5, 4.7, 6' },
  { id: 'frames', section: '1, 5, 7' },
  { id: 'restore', section: '4.6, 6' },
] as const;

export type GroupId = (typeof GROUPS)[number]['id'];

/** Every check, by group, in the order they run within it. */
export const CHECKS = {
  'gatt.service': 'gatt',
  'gatt.properties': 'gatt',
  'gatt.write-with-response': 'gatt',
  'gatt.cccd': 'gatt',
  'gatt.battery': 'gatt',
  'gatt.device-information': 'gatt',
  'info.frame': 'info',
  'info.version': 'info',
  'info.capabilities': 'info',
  'info.capacity': 'info',
  'info.stable': 'info',
  'info.firmware-revision': 'info',
  'info.firmware-update': 'info',
  'state.frame': 'state',
  'state.log': 'state',
  'state.clock': 'state',
  'state.battery': 'state',
  'ownership.wrong-answer': 'ownership',
  'ownership.fresh-challenge': 'ownership',
  'ownership.third-denied-drops': 'ownership',
  'ownership.unproven-flags': 'ownership',
  'ownership.needs-proof': 'ownership',
  'ownership.always-allowed': 'ownership',
  'ownership.claim-gesture': 'ownership',
  'ownership.claim-denied': 'ownership',
  'ownership.claim-not-supported': 'ownership',
  'ownership.checks-first': 'ownership',
  'ownership.unproven-dropped': 'ownership',
  'ownership.prove': 'ownership',
  'ownership.cup-proof': 'ownership',
  'ownership.state-notified': 'ownership',
  'ownership.challenge-spent': 'ownership',
  'ownership.denied-unproves': 'ownership',
  'ownership.sealed': 'ownership',
  'ownership.unsealed-denied': 'ownership',
  'ownership.wrong-tag-denied': 'ownership',
  'ownership.release-sealed': 'ownership',
  'ownership.release-unowned': 'ownership',
  'ownership.unowned-identify': 'ownership',
  'ownership.unowned-denied': 'ownership',
  'control.request-id': 'control',
  'control.unknown-opcode': 'control',
  'control.too-short': 'control',
  'control.bad-length': 'control',
  'control.too-long': 'control',
  'control.bad-value': 'control',
  'control.trailing-bytes': 'control',
  'config.read': 'config',
  'config.out-of-range': 'config',
  'config.edges': 'config',
  'events.shake': 'events',
  'events.shake-timing': 'events',
  'events.lid': 'events',
  'events.lid-timing': 'events',
  'sequence.consecutive': 'sequence',
  'sequence.replay-none': 'sequence',
  'sequence.replay-wrap': 'sequence',
  'sequence.replay-some': 'sequence',
  'sequence.replay-future': 'sequence',
  'sequence.replay-identical': 'sequence',
  'sequence.busy': 'sequence',
  'boot.restart': 'boot',
  'boot.booted': 'boot',
  'telemetry.capability': 'telemetry',
  'telemetry.needs-proof': 'telemetry',
  'telemetry.opcodes': 'telemetry',
  'telemetry.bad-value': 'telemetry',
  'telemetry.start-reply': 'telemetry',
  'telemetry.busy': 'telemetry',
  'telemetry.numbering': 'telemetry',
  'telemetry.frame-length': 'telemetry',
  'telemetry.stop-end': 'telemetry',
  'telemetry.stop-count': 'telemetry',
  'frames.max-length': 'frames',
  'frames.readable': 'frames',
  'frames.error-reply-length': 'frames',
  'restore.config': 'restore',
  'restore.owner': 'restore',
} as const satisfies Record<string, GroupId>;

export type CheckId = keyof typeof CHECKS;
export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];

export type Verdict = 'pass' | 'fail' | 'skip';

/** Why a check did not run (or could not decide). */
export type SkipReason =
  /** The cup belongs to another table: this app cannot prove it. */
  | 'not-owner'
  /** A protocol 1.0 cup: the 1.1 feature is not there to check. */
  | 'one-zero'
  /** An earlier step failed or could not be done (no link, no proof, no readable frame). */
  | 'blocked'
  /** The person skipped the action, or did not do it in time. */
  | 'no-action'
  /** The cup gave no occasion to decide (a replay too short to overlap another). */
  | 'not-exercised'
  /** The cup has no telemetry (capability bit 6 clear): no stream to check. */
  | 'no-telemetry'
  /** The person cancelled the run before this check. */
  | 'cancelled'
  /** Releasing the cup would lose this app's key (it cannot be read out to claim it back). */
  | 'key-kept'
  /** The check belongs to another protocol version than the cup's (1.1 or 1.2 only). */
  | 'other-version'
  /** The cup had an owner at the start: claiming it again needs a person and loses its key. */
  | 'owned-at-start';

export interface CheckResult {
  id: CheckId;
  group: GroupId;
  verdict: Verdict;
  /** What the check sent (frames as hex, reads by name). */
  sent: string[];
  /** What came back. */
  received: string[];
  /** What the section requires, in the protocol's notation (failures). */
  expected?: string;
  /** What the cup did instead. */
  got?: string;
  skip?: SkipReason;
}

/** `CheckReport.stopped` of a run the person cancelled. */
export const STOPPED_BY_CANCEL = 'cancelled';

/** Why the run could not go on: the cup did not connect again, or the key was not proven again. */
export type BlockReason = 'reconnect' | 'reprove';

/** Where the run was blocked (the check running then), and why. */
export interface Blocked {
  at: CheckId | null;
  reason: BlockReason;
}

export interface CheckReport {
  /** The cup: Info's device id and versions, when Info was readable. */
  cup: { deviceId: string; protocol: string; firmware: string } | null;
  startedAt: string;
  finishedAt: string;
  results: CheckResult[];
  counts: Record<Verdict, number>;
  /** Why the run stopped early (the link was lost for good, the cup stopped answering). */
  stopped?: string;
  /** Where checks were skipped as `blocked` with no failure to say why: what could not be done. */
  blocked?: Blocked;
}

/** Requests to the person holding the cup. */
export type PersonRequest = 'shake' | 'lift' | 'restart' | 'claim';

/** Progress for a screen: which check is running, what is done, what is asked of the person. */
export type CheckProgress =
  | { type: 'running'; id: CheckId }
  | { type: 'result'; result: CheckResult }
  /** The person is asked to act, with this many seconds to do it. */
  | { type: 'ask'; request: PersonRequest; seconds: number }
  | { type: 'asked' };

export function countVerdicts(results: readonly CheckResult[]): Record<Verdict, number> {
  const counts = { pass: 0, fail: 0, skip: 0 };
  for (const r of results) counts[r.verdict]++;
  return counts;
}
