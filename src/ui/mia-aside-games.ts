import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { ContextConsumer } from '@lit/context';
import { msg, localized, str } from '@lit/localize';
import type { AsideGame } from '../data';
import { asideContext } from './context';
import { fire } from './events';
import { getLocale } from './localize';
import { downloadJson, stampedName } from './platform/files';
import { baseStyles } from './styles';
import { namesText } from './text/formatters';

/**
 * The games this device set aside rather than replace or overwrite (a game under way when a new
 * one started; a game another version or window had stored, found when storage could not be
 * read first): each with its players, round and start, to resume (`resumable`: on the new-game
 * screen), to download as the game's JSON, or to delete (a second tap confirms). Nothing when
 * there is none.
 * @fires mia-resume - Resume was tapped: the game's key
 */
@localized()
@customElement('mia-aside-games')
export class MiaAsideGames extends LitElement {
  static override styles = [
    baseStyles,
    css`
      :host {
        display: grid;
        gap: 8px;
      }
      :host([hidden]) {
        display: none;
      }
      /* On the new-game screen: a section of its own. */
      :host([resumable]) {
        padding: 14px 16px;
        border-radius: var(--radius);
        background: var(--surface);
      }
      h3 {
        margin: 0;
        font-size: 1.2rem;
      }
      p {
        margin: 0;
        color: var(--muted);
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 8px;
      }
      li {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px 12px;
      }
      li > span {
        flex: 1 1 200px;
      }
    `,
  ];

  /** Offer to resume each game that reads (and has not ended). */
  @property({ type: Boolean }) resumable = false;
  @state() private games: AsideGame[] = [];
  /** The game whose Delete was tapped once. */
  @state() private deleting: string | null = null;

  private aside = new ContextConsumer(this, {
    context: asideContext,
    subscribe: true,
    callback: () => void this.refresh(),
  });

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refresh();
  }

  private async refresh(): Promise<void> {
    this.games = (await this.aside.value?.asideGames()) ?? [];
  }

  protected override willUpdate(): void {
    this.hidden = this.games.length === 0;
  }

  private async forget(key: string): Promise<void> {
    if (this.deleting !== key) {
      this.deleting = key;
      return;
    }
    this.deleting = null;
    await this.aside.value?.forgetAside(key);
    await this.refresh();
  }

  private describe(game: AsideGame): string {
    if (!game.players) return msg('A game that cannot be read');
    const players = namesText(game.players);
    const round = game.over ? msg('ended') : msg(str`round ${game.round ?? 1}`);
    const started = game.startedAt ? new Date(game.startedAt) : null;
    if (!started || Number.isNaN(started.getTime())) return `${players}: ${round}`;
    const when = started.toLocaleString(getLocale(), {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return msg(str`${players}: ${round}, started ${when}`);
  }

  private item(game: AsideGame) {
    const resume = this.resumable && game.players !== null && !game.over;
    return html`<li data-key=${game.key}>
      <span>${this.describe(game)}</span>
      ${
        resume
          ? html`<button
              class="primary"
              @click=${() => fire(this, 'mia-resume', { key: game.key })}
            >
              ${msg('Resume')}
            </button>`
          : null
      }
      <button @click=${() => downloadJson(stampedName('mia-cup-set-aside'), game.raw)}>
        ${msg('Download')}
      </button>
      <button @click=${() => void this.forget(game.key)}>
        ${this.deleting === game.key ? msg('Delete for good') : msg('Delete')}
      </button>
    </li>`;
  }

  override render() {
    if (this.games.length === 0) return null;
    return html`<h3>${msg('Set-aside games')}</h3>
      <p>
        ${
          this.resumable
            ? msg('Games kept rather than replaced: resume one where it was left.')
            : msg(
                'Games this device kept rather than overwrite them. Download one to keep it, or delete it.',
              )
        }
      </p>
      <ul aria-label=${msg('Set-aside games')}>
        ${this.games.map((game) => this.item(game))}
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-aside-games': MiaAsideGames;
  }
}
