import { LitElement, css, html, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { localized, msg, str } from '@lit/localize';
import {
  TelemetryRecorder,
  type CupConnection,
  type RecordedEvent,
  type RecordingEnd,
  type TracePoint,
} from '../../cup';
import { downloadText } from '../platform/files';
import { baseStyles } from '../styles';
import './mia-trace-plot';

/**
 * "Record a trace" (for cup makers; the owner's cup only): starts the cup's telemetry stream,
 * plots it live (`mia-trace-plot`: |a|, x, y, z, the lid, the detector's band, the cup events
 * seen meanwhile and the gaps), lists those events, and offers the recording as a CSV in the
 * format of the reference traces, with a label and a note, gaps and events marked.
 */
@localized()
@customElement('mia-cup-recorder')
export class MiaCupRecorder extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      .form {
        display: grid;
        gap: 6px;
      }
      label {
        display: grid;
        gap: 2px;
      }
      input,
      textarea {
        font: inherit;
        padding: 6px 8px;
        border: 2px solid var(--line);
        border-radius: var(--radius);
        background: var(--surface-2);
        color: var(--text);
        user-select: text;
      }
      .buttons {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
        margin-top: 8px;
      }
      p {
        margin: 6px 0;
      }
      .error {
        color: var(--danger);
      }
      ol {
        margin: 4px 0;
        padding-left: 1.4em;
      }
    `,
  ];

  @property({ attribute: false }) connection?: CupConnection;
  /** Longest recording, s (the protocol's limit is 60). */
  @property({ type: Number }) seconds = 60;

  @state() private label = '';
  @state() private note = '';
  @state() private phase: TelemetryRecorder['phase'] = 'idle';
  private points: TracePoint[] = [];
  private recorder: TelemetryRecorder | null = null;
  private frame = 0;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.recorder?.dispose();
    cancelAnimationFrame(this.frame);
  }

  override render() {
    const r = this.recorder;
    const busy = ['starting', 'recording', 'stopping'].includes(this.phase);
    return html`<div class="form">
        <label
          >${msg('Label')}
          <input
            data-testid="trace-label"
            .value=${this.label}
            maxlength="80"
            placeholder=${msg('for example: gentle shake, lid lifted')}
            @input=${(e: Event) => (this.label = (e.target as HTMLInputElement).value)}
        /></label>
        <label
          >${msg('Note')}
          <textarea
            data-testid="trace-note"
            rows="2"
            .value=${this.note}
            @input=${(e: Event) => (this.note = (e.target as HTMLTextAreaElement).value)}
          ></textarea>
        </label>
      </div>
      <mia-trace-plot
        .points=${this.points}
        .events=${r?.events ?? []}
        .gaps=${r ? r.trace.gaps(r.total) : []}
        .thresholdMg=${r?.config?.shakeThresholdMg ?? null}
      ></mia-trace-plot>
      <p data-testid="trace-status" role="status">${this.statusText()}</p>
      ${r?.error ? html`<p class="error" role="alert">${r.error}</p>` : nothing}
      ${this.phase === 'done' && r ? this.renderSummary(r) : nothing}
      <div class="buttons">
        ${
          busy
            ? html`<button
                class="primary"
                ?disabled=${this.phase !== 'recording'}
                @click=${this.stop}
              >
                ${msg('Stop recording')}
              </button>`
            : html`<button class=${this.phase === 'done' ? '' : 'primary'} @click=${this.start}>
                ${this.phase === 'done' ? msg('Record again') : msg('Start recording')}
              </button>`
        }
        ${
          this.phase === 'done'
            ? html`<button class="primary" @click=${this.download}>${msg('Download CSV')}</button>`
            : nothing
        }
      </div>`;
  }

  private renderSummary(r: TelemetryRecorder) {
    const gaps = r.trace.gaps(r.total);
    const lost = gaps.reduce((n, g) => n + g.toSeq - g.fromSeq + 1, 0);
    const samples = this.points.filter((p) => p.magnitudeMg !== undefined).length;
    return html`<p data-testid="trace-summary" data-gaps=${gaps.length} data-lost=${lost}>
        ${msg(str`${samples} samples at ${r.rateHz} Hz.`)}
        ${
          gaps.length === 0
            ? msg('No frames lost.')
            : msg(str`Gaps: ${gaps.length} (${lost} frames lost), marked in the file.`)
        }
      </p>
      <p>${msg('Events the app saw while recording:')}</p>
      ${
        r.events.length === 0
          ? html`<p data-testid="trace-no-events">${msg('None.')}</p>`
          : html`<ol data-testid="trace-events">
              ${r.events.map(
                (e) =>
                  html`<li
                    data-type=${e.type}
                    data-t=${e.t}
                    data-value=${e.value ?? ''}
                    data-peak=${e.peakMg ?? ''}
                  >
                    ${eventText(e)}
                  </li>`,
              )}
            </ol>`
      }`;
  }

  private statusText(): string {
    const r = this.recorder;
    switch (this.phase) {
      case 'idle':
        return msg(str`Records the cup's raw readings for up to ${this.seconds} s.`);
      case 'starting':
        return msg('Starting…');
      case 'recording': {
        const last = this.points.at(-1)?.t ?? 0;
        return msg(str`Recording: ${(last / 1000).toFixed(1)} s`);
      }
      case 'stopping':
        return msg('Stopping…');
      case 'done':
        return endText(r?.end ?? null);
      case 'failed':
        return msg('The cup did not start recording.');
    }
  }

  private readonly start = () => {
    const connection = this.connection;
    if (!connection) return;
    this.recorder?.dispose();
    this.points = [];
    const recorder = new TelemetryRecorder(connection, ({ phase, points }) => {
      this.points.push(...points);
      this.phase = phase;
      this.redrawSoon();
    });
    this.recorder = recorder;
    void recorder.start(this.seconds);
  };

  private readonly stop = () => {
    void this.recorder?.stop();
  };

  private readonly download = () => {
    const r = this.recorder;
    if (!r) return;
    const slug =
      this.label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'trace';
    downloadText(`mia-trace-${slug}.csv`, r.csv(this.label, this.note), 'text/csv');
  };

  /** Redraw at most once a frame while readings stream in. */
  private redrawSoon(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.requestUpdate();
      this.renderRoot.querySelector('mia-trace-plot')?.requestUpdate();
    });
  }
}

function eventText(e: RecordedEvent): string {
  const at = (e.t / 1000).toFixed(2);
  switch (e.type) {
    case 'shake_started':
      return msg(str`${at} s: shake started`);
    case 'shake_ended':
      return msg(str`${at} s: shake ended (${e.value ?? 0} ms, peak ${e.peakMg ?? 0} mg)`);
    case 'lid_opened':
      return msg(str`${at} s: lid opened`);
    case 'lid_closed':
      return msg(str`${at} s: lid closed (open ${e.value ?? 0} ms)`);
  }
}

function endText(end: RecordingEnd | null): string {
  switch (end) {
    case 'limit':
      return msg('Done: the time limit was reached.');
    case 'other':
      return msg('Done: the cup ended the recording.');
    case 'link-lost':
      return msg('Done: the link to the cup was lost, the recording ends there.');
    default:
      return msg('Done.');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-cup-recorder': MiaCupRecorder;
  }
}
