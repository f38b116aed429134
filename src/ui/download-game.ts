/**
 * "Export": the game's log as JSON (its steps, with the words of the table's language), or an
 * unreadable record as it was stored. Loaded on the first tap.
 */
import type { AppView } from '../app/view';
import { withWords } from './lazy';
import { downloadJson, stampedName } from './platform/files';

export async function downloadGame({ screen, unreadable, session, game }: AppView): Promise<void> {
  if (screen === 'unreadable') {
    downloadJson(stampedName('mia-cup-unreadable'), unreadable?.raw ?? null);
    return;
  }
  const record = session?.record();
  if (game && record) {
    const { gameLog } = await withWords(() => import('./export-log'));
    downloadJson(stampedName('mia-cup-game'), gameLog(game, record));
  }
}
