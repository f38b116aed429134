/**
 * The table's quick switches, shared by the toolbar (one side) and each seat's menu (table
 * mode): sound and the spoken referee. Both are preferences, changed at once.
 */
import { html } from 'lit';
import { msg } from '@lit/localize';
import { getLocale } from './localize';
import type { VoicesController } from './platform/speech';
import type { PreferencesController } from './preferences-controller';
import { noVoiceText } from './text/voice';

/** Sound cues on or off. */
export function soundToggle(prefs: PreferencesController) {
  const { muted } = prefs.value;
  return html`<button
    aria-pressed=${muted ? 'false' : 'true'}
    data-toggle="sound"
    @click=${() => prefs.update({ muted: !muted })}
  >
    ${muted ? msg('Sound off') : msg('Sound on')}
  </button>`;
}

/**
 * The spoken referee, on or off; on where the device has no voice for the language, it says
 * so (the referee stays silent) rather than "Voice on".
 */
export function voiceToggle(prefs: PreferencesController, voices: VoicesController) {
  const { voice } = prefs.value;
  const silent = voice && !voices.speech.hasVoice(getLocale());
  return html`<button
    aria-pressed=${voice ? 'true' : 'false'}
    data-toggle="voice"
    data-silent=${silent ? 'true' : 'false'}
    title=${silent ? noVoiceText() : msg('The spoken referee')}
    @click=${() => prefs.update({ voice: !voice })}
  >
    ${silent ? msg('No voice') : voice ? msg('Voice on') : msg('Voice off')}
  </button>`;
}
