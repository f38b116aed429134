/**
 * Keeps an element's view of the table preferences (language, odds) current: reads them on
 * connect and asks for an update whenever `saveTablePrefs` changes them.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { loadTablePrefs, tablePrefsChanged, type TablePrefs } from './prefs';

export class TablePrefsController implements ReactiveController {
  value: TablePrefs = loadTablePrefs();

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  private onChange = () => {
    this.value = loadTablePrefs();
    this.host.requestUpdate();
  };

  hostConnected(): void {
    this.value = loadTablePrefs();
    tablePrefsChanged.addEventListener('change', this.onChange);
  }

  hostDisconnected(): void {
    tablePrefsChanged.removeEventListener('change', this.onChange);
  }
}
