/** The firmware update's words: its steps and why it stopped, through `msg()`. */
import { msg, str } from '@lit/localize';
import { versionText, type UpdateFailure, type UpdateState } from '../../cup/smp';

const percentOf = (state: UpdateState) =>
  state.total ? Math.floor((state.sent * 100) / state.total) : 0;

export function updateStepText(state: UpdateState): string {
  switch (state.phase) {
    case 'idle':
      return '';
    case 'checking':
      return msg("Reading the cup's firmware…");
    case 'ready':
      return msg('Ready. The cup restarts at the end: keep it close and switched on.');
    case 'uploading':
      return msg(str`Sending the firmware to the cup: ${percentOf(state)} %`);
    case 'stopped':
      return msg(
        str`Upload stopped at ${percentOf(state)} %. The cup keeps what it received: installing again goes on from there.`,
      );
    case 'reconnecting':
      return msg(
        'The connection dropped. Once the cup is back, the upload goes on where it stopped…',
      );
    case 'testing':
      return msg('Asking the cup to try the new firmware…');
    case 'restarting':
      return msg('The cup restarts with the new firmware…');
    case 'confirming':
      return msg('The cup is back. Confirming the new firmware…');
    case 'done':
      return msg(str`Done: the cup runs firmware ${state.cupVersion ?? '?'}.`);
    case 'failed':
      return msg('The firmware was not updated.');
  }
}

export function updateFailureText(failure: UpdateFailure): string {
  switch (failure.kind) {
    case 'not-an-image':
      if (failure.reason === 'too_large') {
        return msg(
          'This file is far larger than any firmware for the cup: it was not read. Nothing was sent to the cup.',
        );
      }
      if (failure.reason === 'padded') {
        return msg(
          "This image is padded to the size of the cup's slot (signed with imgtool's --pad option): that file is for a programmer. Sign the firmware again without --pad and choose that file. Nothing was sent to the cup.",
        );
      }
      return failure.reason === 'bad_magic' || failure.reason === 'too_short'
        ? msg(
            'This file is not a firmware image for the cup (it has no MCUboot header). Nothing was sent to the cup.',
          )
        : msg(
            'This firmware file is damaged or incomplete (its MCUboot image does not add up). Nothing was sent to the cup.',
          );
    case 'already-running':
      return msg(str`The cup already runs this firmware (${failure.version}).`);
    case 'refused': {
      const code = failure.group === undefined ? `${failure.rc}` : `${failure.group}/${failure.rc}`;
      return msg(
        str`The cup refused this firmware (error ${code}). It may be made for another cup or not signed with this cup's key. The cup keeps its firmware.`,
      );
    }
    case 'rolled-back':
      return msg(
        str`The cup came back with its old firmware ${failure.running}: version ${failure.wanted} did not pass its self-test and was rolled back. The cup works as before.`,
      );
    case 'stalled':
      return msg(
        str`The cup stopped taking the firmware at byte ${failure.at}: it answered ${failure.tries} times without going on. The cup keeps its firmware.`,
      );
    case 'no-smp':
      return msg('This cup has no firmware update service: it cannot be updated from the app.');
    case 'lost':
      return msg(
        'The cup did not answer or did not come back. Switch it off and on, connect it and try again: an unfinished update leaves its firmware as it was.',
      );
    case 'error':
      return msg(str`The update stopped: ${failure.detail}`);
  }
}

/**
 * What to know about the chosen file before installing it: the cup already runs it, or that
 * version, or a newer one. Null for a newer file (or when the cup's image is unknown).
 */
export function comparisonText(state: UpdateState): string | null {
  const cup = state.cupVersion ?? '?';
  switch (state.compared) {
    case 'same-image':
      return msg(
        str`The cup already runs this very image (version ${cup}): there is nothing to install.`,
      );
    case 'same-version': {
      const version = state.image ? versionText(state.image.version) : cup;
      return msg(
        str`The cup runs version ${version} too, a different build of it: install this file only to replace that build.`,
      );
    }
    case 'older':
      return msg(
        str`This file is older than the cup's firmware (${cup}): installing it goes back a version, and a cup that prevents downgrades refuses it.`,
      );
    default:
      return null;
  }
}
