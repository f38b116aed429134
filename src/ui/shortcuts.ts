/**
 * The keyboard shortcuts, in one place (the README's key map): R roll, P look, B blind pass,
 * L lift, A give up to a Mia, two digits for a score or the dice, Escape to close the blind
 * picker, U or Ctrl+Z undo, and the simulated cup's S (shake) and O (lid). One rule says when
 * a key is a shortcut: never while typing in a field, never with Alt, Ctrl or Meta (but Ctrl+Z
 * and Cmd+Z), never the repeats of a held key.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export type Shortcut =
  'roll' | 'peek' | 'blind' | 'lift' | 'give-up' | 'digit' | 'cancel' | 'undo' | 'shake' | 'lid';

const KEY_MAP: Readonly<Record<string, Shortcut>> = {
  r: 'roll',
  p: 'peek',
  b: 'blind',
  l: 'lift',
  a: 'give-up',
  ...Object.fromEntries(['1', '2', '3', '4', '5', '6'].map((digit) => [digit, 'digit'])),
  escape: 'cancel',
  u: 'undo',
  s: 'shake',
  o: 'lid',
};

/** Is the user typing in a field (where keys are text, not shortcuts)? */
function typing(event: KeyboardEvent): boolean {
  const target = event.composedPath()[0];
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/** The shortcut a key press means, with its key (lower case), or null. */
function shortcutOf(event: KeyboardEvent): { shortcut: Shortcut; key: string } | null {
  if (event.repeat || typing(event)) return null;
  const key = event.key.toLowerCase();
  if (event.ctrlKey || event.metaKey) {
    return event.key === 'z' && !event.altKey ? { shortcut: 'undo', key } : null;
  }
  if (event.altKey) return null;
  const shortcut = KEY_MAP[key];
  return shortcut ? { shortcut, key } : null;
}

export type ShortcutHandlers = Partial<
  Record<Shortcut, (key: string, event: KeyboardEvent) => void>
>;

/** Runs the host's handlers for the shortcuts it takes, while the host is connected. */
export class ShortcutsController implements ReactiveController {
  constructor(
    host: ReactiveControllerHost,
    private readonly handlers: ShortcutHandlers,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('keydown', this.onKey);
  }

  hostDisconnected(): void {
    window.removeEventListener('keydown', this.onKey);
  }

  private readonly onKey = (event: KeyboardEvent): void => {
    const hit = shortcutOf(event);
    if (hit) this.handlers[hit.shortcut]?.(hit.key, event);
  };
}
