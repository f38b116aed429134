import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { localized, msg, str } from '@lit/localize';
import { newOwnerKey } from '../../../firmware-protocol/codec';
import type { LentCup } from '../../cup';
import {
  CHECK_IDS,
  LinkPort,
  runCheck,
  type CheckId,
  type CheckReport,
  type CheckResult,
  type PersonRequest,
} from '../../cup/check';
import { cupContext, type CupBinding } from '../cup/cup-context';
import { downloadJson, downloadText, stampedName } from '../platform/files';
import { baseStyles } from '../styles';
import { reportJson, reportText } from './report-text';
import { checkText, requestText, stoppedLines } from './text';
import './mia-check-results';

type Phase = 'ready' | 'running' | 'done';

/**
 * "Check this cup": runs the conformance check against the cup (the app's, lent for the run,
 * or one chosen here), shows the progress, the results grouped by PROTOCOL.md section (a
 * failure with what was sent, what came back and what the section requires), asks the person
 * to shake, lift and restart the cup, and offers the report as JSON and text. Loaded on demand.
 * @fires mia-check-close - the person leaves the screen
 */
@localized()
@customElement('mia-check-screen')
export class MiaCheckScreen extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
        max-width: 60rem;
        margin: 0 auto;
        padding: 1rem;
      }
      .ask {
        font-size: 1.6rem;
        padding: 1rem;
        border: 3px solid var(--accent, #e0a030);
        border-radius: 0.5rem;
      }
      .left {
        font-variant-numeric: tabular-nums;
      }
      .buttons {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
      }
    `,
  ];

  @consume({ context: cupContext, subscribe: true })
  @state()
  private binding: CupBinding | null = null;

  @state() private phase: Phase = 'ready';
  @state() private results = new Map<CheckId, CheckResult>();
  @state() private current: CheckId | null = null;
  @state() private asking: PersonRequest | null = null;
  @state() private report: CheckReport | null = null;
  @state() private error: string | null = null;
  /** Seconds left for the person's action (a countdown while asking). */
  @state() private secondsLeft = 0;
  private skip: (() => void) | null = null;
  private lent: LentCup | null = null;
  private cancelling: AbortController | null = null;
  private ticking: ReturnType<typeof setInterval> | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.cancelling?.abort();
    this.skip?.();
    this.countdown(0);
  }

  override render() {
    const done = this.results.size;
    return html`<section aria-labelledby="check-title">
      <h2 id="check-title">${msg('Check this cup')}</h2>
      <p>
        ${msg(
          'Runs every check of the Mia Cup protocol 1.1 against the cup, and asks you to shake it, lift its lid and restart it. It leaves the cup’s settings and owner as they were.',
        )}
      </p>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <div class="buttons">
        ${
          this.phase !== 'running'
            ? // Opened by URL, the screen is up before the cup's code (loaded after the first
              // screen): "Start" waits for the cup rather than doing nothing when tapped.
              html`<button
                class="primary"
                data-testid="check-start"
                ?disabled=${!this.binding}
                @click=${this.start}
              >
                ${this.phase === 'done' ? msg('Check again') : msg('Start the check')}
              </button>`
            : nothing
        }
        ${
          this.report
            ? html`<button @click=${this.downloadJson}>${msg('Download report (JSON)')}</button>
                <button @click=${this.downloadText}>${msg('Download report (text)')}</button>`
            : nothing
        }
        ${
          this.phase === 'running'
            ? html`<button data-testid="check-cancel" @click=${this.cancel}>
                ${msg('Cancel the check')}
              </button>`
            : html`<button @click=${this.close}>${msg('Back')}</button>`
        }
      </div>
      ${
        this.phase === 'running'
          ? html`<p role="status" data-testid="check-progress" data-check=${this.current ?? ''}>
              ${msg(str`Checking… ${done} of ${CHECK_IDS.length}`)}
              ${this.current ? html`<br />${checkText(this.current)}` : nothing}
            </p>`
          : nothing
      }
      ${
        this.asking
          ? html`<div class="ask" role="alert" data-testid="check-ask" data-request=${this.asking}>
              <p>${requestText(this.asking)}</p>
              <p class="left" data-testid="check-countdown">
                ${msg(str`${this.secondsLeft} s left`)}
              </p>
              <button @click=${() => this.skip?.()}>${msg('Skip')}</button>
            </div>`
          : nothing
      }
      ${
        this.report
          ? html`<p role="status" data-testid="check-summary">
                ${msg(
                  str`${this.report.counts.pass} passed, ${this.report.counts.fail} failed, ${this.report.counts.skip} skipped`,
                )}
              </p>
              ${stoppedLines(this.report).map((line) => html`<p data-testid="check-stopped">${line}</p>`)}`
          : nothing
      }
      <mia-check-results .results=${[...this.results.values()]}></mia-check-results>
    </section>`;
  }

  private readonly start = async () => {
    const connection = this.binding?.connection;
    if (!connection || this.phase === 'running') return;
    this.error = null;
    try {
      this.lent = await connection.lend();
    } catch (error) {
      this.error = error instanceof Error ? error.message : String(error);
      return;
    }
    const lent = this.lent;
    this.phase = 'running';
    this.results = new Map();
    this.report = null;
    const port = new LinkPort(lent.device, () => performance.now());
    this.cancelling = new AbortController();
    try {
      this.report = await runCheck({
        port,
        signal: this.cancelling.signal,
        now: () => performance.now(),
        ownerKey: (deviceId) => lent.ownerKey(deviceId),
        newKey: newOwnerKey,
        person: { ask: (request, signal) => this.ask(request, signal) },
        onProgress: (p) => {
          if (p.type === 'running') this.current = p.id;
          else if (p.type === 'ask') this.countdown(p.seconds);
          else if (p.type === 'asked') this.countdown(0);
          else if (p.type === 'result')
            this.results = new Map(this.results).set(p.result.id, p.result);
        },
      });
      this.results = new Map(this.report.results.map((r) => [r.id, r]));
    } finally {
      port.dispose();
      this.cancelling = null;
      this.countdown(0);
      this.phase = 'done';
      this.current = null;
      this.asking = null;
      this.dispatchEvent(new Event('mia-check-done', { bubbles: true, composed: true }));
    }
  };

  /** Count the person's time down from `seconds` (0: stop). */
  private countdown(seconds: number): void {
    if (this.ticking) clearInterval(this.ticking);
    this.ticking = null;
    this.secondsLeft = seconds;
    if (seconds <= 0) return;
    const until = performance.now() + seconds * 1000;
    this.ticking = setInterval(() => {
      this.secondsLeft = Math.max(0, Math.ceil((until - performance.now()) / 1000));
    }, 250);
  }

  /** Stop the run: it puts the cup back as it was and reports what it checked so far. */
  private readonly cancel = () => {
    this.cancelling?.abort();
  };

  private ask(request: PersonRequest, signal: AbortSignal): Promise<void> {
    this.asking = request;
    return new Promise((resolve) => {
      const end = () => {
        this.asking = null;
        this.skip = null;
      };
      this.skip = () => {
        end();
        resolve();
      };
      signal.addEventListener('abort', end, { once: true });
    });
  }

  private readonly downloadJson = () => {
    if (this.report) downloadJson(stampedName('mia-cup-check'), reportJson(this.report));
  };

  private readonly downloadText = () => {
    if (this.report) {
      downloadText(
        stampedName('mia-cup-check').replace(/\.json$/, '.txt'),
        reportText(this.report),
      );
    }
  };

  private readonly close = () => {
    if (this.phase === 'running') return;
    this.lent?.giveBack();
    this.lent = null;
    this.dispatchEvent(new Event('mia-check-close', { bubbles: true, composed: true }));
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-check-screen': MiaCheckScreen;
  }
}
