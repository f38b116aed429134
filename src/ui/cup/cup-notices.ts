/**
 * The cup panel's parts that only show: its notices (unavailable, refused, claiming, forget
 * failed, the game going on by touch), and the one line table mode shows on the table.
 */
import { html, nothing } from 'lit';
import { msg, str } from '@lit/localize';
import type { CupSnapshot } from '../../cup';
import { claimingText, refusedText, statusText, warningText } from './text';

/** What the panel says about the cup's state, above its facts and buttons. */
export function cupNotices(
  snap: CupSnapshot,
  {
    unavailable,
    maker,
    forgetFailed,
  }: { unavailable: string | null; maker: boolean; forgetFailed: boolean },
) {
  const phase = snap.status.phase;
  return html`${
    unavailable && phase !== 'connected'
      ? html`<p class="notice" data-testid="cup-unavailable">${unavailable}</p>`
      : nothing
  }
  ${
    snap.status.phase === 'refused'
      ? html`<p class="notice error" data-testid="cup-refused" role="alert">
          ${refusedText(snap.status.refusal)}
        </p>`
      : nothing
  }
  ${
    snap.claiming
      ? html`<p class="notice" data-testid="cup-claiming" role="alert">
          ${claimingText(snap.claiming)}
        </p>`
      : nothing
  }
  ${
    forgetFailed
      ? html`<p class="notice error" data-testid="cup-forget-failed" role="alert">
          ${msg(
            'The cup did not confirm that it is released, so this tablet keeps its key. Connect it and try again.',
          )}
        </p>`
      : nothing
  }
  ${
    phase === 'lost' && !maker
      ? html`<p class="notice">${msg('The game goes on by touch. Tap to try the cup again.')}</p>`
      : nothing
  }
  ${
    phase === 'reconnecting' && !maker
      ? html`<p class="notice">${msg('The game goes on by touch meanwhile.')}</p>`
      : nothing
  }`;
}

/** Table mode: the cup as one small line on the table (state, battery, the last warning), the
 * whole panel behind it. */
export function compactLine(snap: CupSnapshot, panel: unknown) {
  const phase = snap.status.phase;
  const warning = snap.warnings.at(-1);
  return html`<details class="quiet compact" data-testid="cup-compact">
    <summary>
      <span class="status" data-phase=${phase}>
        ${snap.transport === 'simulated' ? msg('Simulated cup') : msg('Sensor cup')}:
        ${statusText(snap.status, snap.remembered?.name ?? snap.name)}
      </span>
      ${
        phase === 'connected' && snap.battery !== null
          ? html`<span>${msg(str`Battery ${snap.battery}%`)}</span>`
          : nothing
      }
      ${
        warning
          ? html`<span class="warning" data-testid="cup-compact-warning">
              ⚠ ${warningText(warning)}
            </span>`
          : nothing
      }
    </summary>
    ${panel}
  </details>`;
}
