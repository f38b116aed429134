/** The cup panel's words: connection states, availability and warnings, through `msg()`. */
import { msg, str } from '@lit/localize';
import type {
  ConnectionStatus,
  CupAvailability,
  CupSnapshot,
  CupWarning,
  Refusal,
} from '../../cup';

export function statusText(
  status: ConnectionStatus,
  name: string | null,
  now = Date.now(),
): string {
  switch (status.phase) {
    case 'idle':
      return msg('Not connected');
    case 'choosing':
      return msg('Choose the cup…');
    case 'connecting':
      return msg('Connecting…');
    case 'proving':
      return msg('Checking the cup is ours…');
    case 'syncing':
      return msg('Catching up with the cup…');
    case 'searching':
      return name ? msg(str`Looking for ${name}…`) : msg('Looking for the cup…');
    case 'connected':
      return msg('Connected');
    case 'reconnecting': {
      const seconds = Math.max(0, Math.ceil((status.retryAt - now) / 1000));
      return msg(str`Connection lost: reconnecting in ${seconds} s`);
    }
    case 'lost':
      return msg('Cup lost');
    case 'refused':
      return msg('Cup refused');
  }
}

/** Why the cup cannot be used here, or null when it can. */
export function availabilityText(availability: CupAvailability): string | null {
  switch (availability.kind) {
    case 'unsupported':
      return availability.ios
        ? msg(
            'This browser cannot talk to a Bluetooth cup: no browser on iPhone or iPad has Web Bluetooth. Play by touch (every move has a button), or open Mia Cup in the Bluefy browser to use the cup.',
          )
        : msg(
            'This browser cannot talk to a Bluetooth cup (it has no Web Bluetooth; Safari and Firefox do not). Play by touch: every move has a button. Chrome or Edge can use the cup.',
          );
    case 'insecure':
      return msg('The cup needs the app to be opened over https. Play by touch meanwhile.');
    case 'bluetooth-off':
      return msg(
        'Bluetooth is off or missing on this device. Switch it on to use the cup; play by touch meanwhile.',
      );
    default:
      return null;
  }
}

export function refusedText(refusal: Refusal): string {
  if (refusal.kind === 'other-owner') {
    return msg(
      str`Mia Cup ${refusal.code} belongs to another table. To use it here, switch it on with its lid open and keep the lid open for 5 seconds: it blinks and forgets its owner. Then connect it again.`,
    );
  }
  const supported = refusal.supported;
  if (!refusal.found)
    return msg('This cup sent an unreadable description of itself, so it is not used.');
  const { major, minor } = refusal.found;
  return major > supported
    ? msg(
        str`This cup speaks protocol ${major}.${minor}; this app speaks ${supported}.x. Please update the app to use this cup.`,
      )
    : msg(
        str`This cup speaks protocol ${major}.${minor}; this app speaks ${supported}.x. Please update the cup's firmware.`,
      );
}

export function warningText(warning: CupWarning): string {
  switch (warning.code) {
    case 'late-event': {
      const what = warning.event ? eventName(warning.event.type) : msg('An event');
      const time = new Date(warning.event?.at ?? Date.now()).toLocaleTimeString();
      return msg(
        str`${what} from ${time} came after a step entered by hand, so it was not applied.`,
      );
    }
    case 'events-lost': {
      const count = warning.count ?? 0;
      return msg(str`The cup no longer had ${count} events it sent while disconnected.`);
    }
    case 'cup-restarted':
      return msg('The cup restarted; what it sensed since then was caught up.');
    case 'too-many-events':
      return msg('The cup sent events faster than anyone plays: the surplus was ignored.');
  }
}

function eventName(type: string): string {
  switch (type) {
    case 'shake_started':
      return msg('A shake');
    case 'shake_ended':
      return msg('The end of a shake');
    case 'lid_opened':
      return msg('A lid lift');
    default:
      return msg('A lid close');
  }
}

/** Who the connected cup answers to, in words; null before it is known. */
export function ownershipText(snap: CupSnapshot): string | null {
  switch (snap.ownership) {
    case 'mine':
      return snap.claimed
        ? msg('Claimed for this table: only this tablet can use it now.')
        : msg("This table's cup: only this tablet can use it.");
    case 'open':
      return msg(
        'This cup speaks protocol 1.0: it cannot be claimed, and any tablet in range can use it.',
      );
    default:
      return null;
  }
}
