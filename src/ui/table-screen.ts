/**
 * The table as <mia-app> shows it, with the cup's panels in its slots. The simulated cup's panel
 * is defined with the table (its chunk, `vite.config.ts`) and shows with it when that cup is
 * chosen, its buttons off until the cup is up: in table mode it is above the actions, which
 * would otherwise move down when it came.
 */
import { html } from 'lit';
import type { AppView } from '../app/view';
import { loadTable } from './lazy';

export function tableScreen({ cupKind }: AppView, compact: boolean) {
  void loadTable();
  const sim = cupKind === 'simulated';
  return html`<mia-table>
    <mia-cup-panel slot="cup" ?compact=${compact}></mia-cup-panel>
    <mia-sim-cup slot="sim" ?expected=${sim}></mia-sim-cup>
  </mia-table>`;
}
