import { LitElement, css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { ContextConsumer } from '@lit/context';
import { msg, localized, str } from '@lit/localize';
import type { AsideGame } from '../data';
import { asideContext } from './context';
import { getLocale } from './localize';
import { downloadJson, stampedName } from './platform/files';
import { baseStyles } from './styles';

/**
 * The games this device set aside rather than overwrite (a game another version or window had
 * stored, found when storage could not be read first): each with its players and start, to
 * download as the game's JSON, or to delete (a second tap confirms). Nothing when there is none.
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
    const players = game.players.join(', ');
    const started = game.startedAt ? new Date(game.startedAt) : null;
    if (!started || Number.isNaN(started.getTime())) return players;
    const when = started.toLocaleString(getLocale(), {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return msg(str`${players}, started ${when}`);
  }

  override render() {
    if (this.games.length === 0) return null;
    return html`<h3>${msg('Set-aside games')}</h3>
      <p>
        ${msg(
          'Games this device kept rather than overwrite them. Download one to keep it, or delete it.',
        )}
      </p>
      <ul>
        ${this.games.map(
          (game) =>
            html`<li data-key=${game.key}>
              <span>${this.describe(game)}</span>
              <button @click=${() => downloadJson(stampedName('mia-cup-set-aside'), game.raw)}>
                ${msg('Download')}
              </button>
              <button @click=${() => void this.forget(game.key)}>
                ${this.deleting === game.key ? msg('Delete for good') : msg('Delete')}
              </button>
            </li>`,
        )}
      </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'mia-aside-games': MiaAsideGames;
  }
}
