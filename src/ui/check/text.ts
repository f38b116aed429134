/** The conformance check's words: groups, what each check requires, skips, requests. */
import { msg, str } from '@lit/localize';
import {
  STOPPED_BY_CANCEL,
  type CheckId,
  type CheckReport,
  type GroupId,
  type PersonRequest,
  type SkipReason,
  type Verdict,
} from '../../cup/check';

export function groupText(id: GroupId): string {
  switch (id) {
    case 'gatt':
      return msg('GATT database, Battery and Device Information');
    case 'info':
      return msg('Info and version rules');
    case 'state':
      return msg('State and battery');
    case 'ownership':
      return msg('Ownership');
    case 'control':
      return msg('Control requests and Replies');
    case 'config':
      return msg('Config limits');
    case 'events':
      return msg('Shake and lid, by hand');
    case 'sequence':
      return msg('Sequence numbers and replay');
    case 'boot':
      return msg('Restart and boot id');
    case 'telemetry':
      return msg('Telemetry stream');
    case 'frames':
      return msg('Frame lengths and trailing bytes');
    case 'restore':
      return msg('Left as it was found');
  }
}

/** What the section requires, one sentence per check. */
export function checkText(id: CheckId): string {
  switch (id) {
    case 'gatt.service':
      return msg('The Mia Cup service has Info, Events, State, Control and Reply.');
    case 'gatt.properties':
      return msg('Each characteristic has the properties of the table in section 2.');
    case 'gatt.write-with-response':
      return msg(
        'Control takes writes with response only (with capability bit 8 it may also declare writes without response, section 10.1), and acknowledges them.',
      );
    case 'gatt.cccd':
      return msg('Every notify characteristic has a CCCD (0x2902) and notifications start.');
    case 'gatt.battery':
      return msg('Battery Level can be read and followed: one byte, 0 to 100.');
    case 'gatt.device-information':
      return msg('Device Information has four UTF-8 strings of at most 20 bytes.');
    case 'info.frame':
      return msg('Info is 17 bytes and readable.');
    case 'info.version':
      return msg('Info starts with protocol major 1.');
    case 'info.capabilities':
      return msg('Reserved capability bits are 0.');
    case 'info.capacity':
      return msg('The event log capacity is 1 to 32767.');
    case 'info.stable':
      return msg('Info reads the same every time (a stable device id).');
    case 'info.firmware-revision':
      return msg('The Firmware Revision String is the version in Info.');
    case 'info.firmware-update':
      return msg('Capability bit 7 is set exactly when the SMP firmware update service exists.');
    case 'state.frame':
      return msg('State is 18 bytes, readable, reserved flag bits 0.');
    case 'state.log':
      return msg('The oldest and newest event numbers fit the log capacity.');
    case 'state.clock':
      return msg('The ms since boot in State run with real time.');
    case 'state.battery':
      return msg('State and Battery Level agree on the battery.');
    case 'ownership.wrong-answer':
      return msg('A wrong answer to the challenge is denied.');
    case 'ownership.fresh-challenge':
      return msg('After a wrong answer the challenge is new; an answer to the old one is denied.');
    case 'ownership.third-denied-drops':
      return msg('The third denied answer drops the connection at once.');
    case 'ownership.unproven-flags':
      return msg('On a new connection State says owned, not proven.');
    case 'ownership.needs-proof':
      return msg('Without proof: replay, read and write Config, release get needs_proof.');
    case 'ownership.always-allowed':
      return msg(
        'Without proof: the challenge stays the same until answered; identify gets needs_proof (protocol 1.1: it works).',
      );
    case 'ownership.claim-gesture':
      return msg(
        'A cup without an owner is claimed by key agreement only when a person at the cup lifts its lid, shakes it or presses its button within 10 s.',
      );
    case 'ownership.claim-denied':
      return msg('A claim of a cup with an owner, without proof, is denied.');
    case 'ownership.claim-not-supported':
      return msg('A claim with the key in the clear (protocol 1.1) gets not_supported.');
    case 'ownership.checks-first':
      return msg('A malformed request gets its reason, not needs_proof.');
    case 'ownership.unproven-dropped':
      return msg('An unproven connection is dropped within 5 s (protocol 1.1: 10 s).');
    case 'ownership.prove':
      return msg('The right answer proves the connection.');
    case 'ownership.cup-proof':
      return msg('The cup proves the key first: its proof over the app’s nonce is right.');
    case 'ownership.state-notified':
      return msg('State is notified when the proven flag changes.');
    case 'ownership.challenge-spent':
      return msg('A right answer spends the challenge too: sent again, it is denied.');
    case 'ownership.denied-unproves':
      return msg('A denied answer withdraws the proof: requests need proof again.');
    case 'ownership.sealed':
      return msg('A write_config sealed with the session key is carried out.');
    case 'ownership.unsealed-denied':
      return msg('A write_config without its tag is denied and withdraws the proof.');
    case 'ownership.wrong-tag-denied':
      return msg('A write_config with a wrong tag is denied and withdraws the proof.');
    case 'ownership.release-sealed':
      return msg('A sealed release is ok, and the cup’s tag on its Reply is right.');
    case 'ownership.release-unowned':
      return msg('On a cup without an owner, release is ok, also a second time.');
    case 'ownership.unowned-identify':
      return msg(
        'A cup without an owner answers identify with needs_proof: it blinks only for a claim (protocol 1.1: it works).',
      );
    case 'ownership.unowned-denied':
      return msg(
        'A cup without an owner denies every proof; the third drops the connection (protocol 1.1: it drops no one).',
      );
    case 'control.request-id':
      return msg('Every Reply echoes its request’s opcode and request id.');
    case 'control.unknown-opcode':
      return msg('An unknown opcode gets unknown_opcode.');
    case 'control.too-short':
      return msg(
        'A write shorter than 2 bytes gets an ATT error and no Reply (with capability bit 8, no Reply).',
      );
    case 'control.bad-length':
      return msg('A request shorter than its opcode’s length gets bad_length.');
    case 'control.too-long':
      return msg('A request longer than 20 bytes gets bad_length.');
    case 'control.bad-value':
      return msg('An identify pattern or duration out of range gets bad_value.');
    case 'control.trailing-bytes':
      return msg('Bytes after a request’s length are ignored.');
    case 'config.read':
      return msg('read_config returns a valid Config.');
    case 'config.out-of-range':
      return msg('A Config field out of range gets bad_value and changes nothing.');
    case 'config.edges':
      return msg('Configs at the edges of the ranges are taken and echoed.');
    case 'events.shake':
      return msg('A shake gives shake_started and shake_ended with a consistent duration.');
    case 'events.shake-timing':
      return msg('Shake events follow the action and wait for the minimum duration and the gap.');
    case 'events.lid':
      return msg('A lift gives lid_opened and lid_closed with a consistent open time.');
    case 'events.lid-timing':
      return msg('Lid events follow the action and wait for the debounce.');
    case 'sequence.consecutive':
      return msg('Events are numbered one after another; State has the newest.');
    case 'sequence.replay-none':
      return msg('A replay since the newest event sends nothing.');
    case 'sequence.replay-wrap':
      return msg('A replay across the u16 wrap sends the whole log from booted.');
    case 'sequence.replay-some':
      return msg('A replay since an older event sends exactly the newer ones.');
    case 'sequence.replay-future':
      return msg('A replay since a number in the future sends the whole log.');
    case 'sequence.replay-identical':
      return msg('A replayed event is the same frame, byte for byte.');
    case 'sequence.busy':
      return msg('A second replay while one runs gets busy.');
    case 'boot.restart':
      return msg('A restart draws a new boot id and starts the clock at 0.');
    case 'boot.booted':
      return msg('After a restart the log starts with booted, number 0, with the boot id.');
    case 'telemetry.capability':
      return msg(
        'Capability bit 6 is set exactly when the Telemetry characteristic exists, with notify and a CCCD.',
      );
    case 'telemetry.needs-proof':
      return msg('Without proof telemetry_start and telemetry_stop get needs_proof.');
    case 'telemetry.opcodes':
      return msg('The telemetry opcodes are known with bit 6, and unknown_opcode without it.');
    case 'telemetry.bad-value':
      return msg('A telemetry limit of 0 or above 60 seconds gets bad_value.');
    case 'telemetry.start-reply':
      return msg(
        'telemetry_start replies ok in 6 bytes, a rate of 1 to 100 Hz and the limit asked for.',
      );
    case 'telemetry.busy':
      return msg('A second telemetry_start while a stream runs gets busy.');
    case 'telemetry.numbering':
      return msg('Telemetry frames are numbered from 0, one after another.');
    case 'telemetry.frame-length':
      return msg('Each telemetry frame is as long as its kind.');
    case 'telemetry.stop-end':
      return msg('telemetry_stop replies ok, then the end frame closes the stream.');
    case 'telemetry.stop-count':
      return msg('The stop’s Reply counts the frames: the last number + 1, and 0 with no stream.');
    case 'frames.max-length':
      return msg('Every frame from the cup is at most 20 bytes.');
    case 'frames.readable':
      return msg('Every frame from the cup is readable.');
    case 'frames.error-reply-length':
      return msg('Every error Reply is exactly 3 bytes.');
    case 'restore.config':
      return msg('The cup’s Config is as it was before the check.');
    case 'restore.owner':
      return msg('The cup’s owner is as it was before the check.');
  }
}

export function skipText(reason: SkipReason): string {
  switch (reason) {
    case 'not-owner':
      return msg('Not checked: this cup belongs to another table.');
    case 'one-zero':
      return msg('Not checked: a protocol 1.0 cup.');
    case 'blocked':
      return msg('Not checked: an earlier step failed or could not be done.');
    case 'no-action':
      return msg('Not checked: skipped by hand.');
    case 'not-exercised':
      return msg('Not checked: the cup gave no occasion.');
    case 'no-telemetry':
      return msg('Not checked: the cup has no telemetry (capability bit 6 is clear).');
    case 'cancelled':
      return msg('Not checked: the check was cancelled.');
    case 'key-kept':
      return msg(
        'Not checked: releasing this table’s cup would lose its key, which this tablet keeps unreadable.',
      );
    case 'other-version':
      return msg('Not checked: the cup speaks another protocol version.');
    case 'owned-at-start':
      return msg('Not checked: the cup had an owner at the start (a claim needs a cup without).');
  }
}

/** Why the run stopped early, or what it could not do that left checks unchecked: a line each. */
export function stoppedLines(report: CheckReport): string[] {
  const lines: string[] = [];
  if (report.stopped === STOPPED_BY_CANCEL) lines.push(msg('The check was cancelled.'));
  else if (report.stopped) lines.push(`${msg('Stopped early:')} ${report.stopped}`);
  const blocked = report.blocked;
  if (blocked) {
    const at = blocked.at ?? '-';
    lines.push(
      blocked.reason === 'reconnect'
        ? msg(str`Not everything was checked: the cup did not connect again (at ${at}).`)
        : msg(
            str`Not everything was checked: the cup did not take this tablet’s proof again (at ${at}).`,
          ),
    );
  }
  return lines;
}

export function verdictText(verdict: Verdict): string {
  switch (verdict) {
    case 'pass':
      return msg('Pass');
    case 'fail':
      return msg('Fail');
    case 'skip':
      return msg('Skipped');
  }
}

export function requestText(request: PersonRequest): string {
  switch (request) {
    case 'shake':
      return msg('Shake the cup now, for about a second.');
    case 'lift':
      return msg('Lift the lid now, then put it back.');
    case 'restart':
      return msg('Restart the cup now (switch it off and on).');
    case 'claim':
      return msg('When the cup blinks, lift its lid (or shake it, or press its button).');
  }
}
