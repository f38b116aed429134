/**
 * The table's dialogs (history, rules, the story of the game, options), each a button that
 * opens it: its label, the modules its content needs (loaded when it first opens, and precached
 * for offline) and its content. The toolbar shows them in one-side mode, each seat's menu in
 * table mode (facing that seat).
 */
import { html } from 'lit';
import { msg } from '@lit/localize';
import type { Facing } from '../rules';
import { withWords } from './lazy';
import './mia-dialog-button';

export type DialogName = 'history' | 'rules' | 'stats' | 'options';

export const DIALOGS: readonly DialogName[] = ['history', 'rules', 'stats', 'options'];

const label: Record<DialogName, () => string> = {
  history: () => msg('History'),
  rules: () => msg('Rules'),
  stats: () => msg('Stats'),
  options: () => msg('Options'),
};

const load: Record<DialogName, () => Promise<unknown>> = {
  history: () => withWords(() => import('./mia-history')),
  rules: () => withWords(() => import('./mia-rules-panel')),
  stats: () => withWords(() => Promise.all([import('./mia-stats'), import('./mia-scoreboard')])),
  options: () => withWords(() => import('./mia-table-options')),
};

const content: Record<DialogName, () => ReturnType<typeof html>> = {
  history: () => html`<mia-history></mia-history>`,
  rules: () => html`<mia-rules-panel></mia-rules-panel>`,
  stats: () => html`<mia-stats titled></mia-stats><mia-scoreboard></mia-scoreboard>`,
  options: () => html`<mia-table-options></mia-table-options>`,
};

/**
 * The button that opens dialog `name`; `facing`: the dialog faces that way (a seat's menu),
 * else the side it was tapped from.
 */
export function dialogButton(name: DialogName, facing: Facing | null = null) {
  return html`<mia-dialog-button
    label=${label[name]()}
    data-dialog=${name}
    .facing=${facing}
    .load=${load[name]}
    .content=${content[name]}
  ></mia-dialog-button>`;
}
