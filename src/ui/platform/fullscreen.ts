/**
 * Fullscreen for an element that offers it: whether the page can go fullscreen, whether it is,
 * and a toggle. Re-renders the host when the page enters or leaves fullscreen.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class FullscreenController implements ReactiveController {
  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  get available(): boolean {
    return document.fullscreenEnabled === true;
  }

  get active(): boolean {
    return document.fullscreenElement !== null;
  }

  async toggle(): Promise<void> {
    try {
      if (this.active) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen({ navigationUI: 'hide' });
    } catch {
      // Refused (no user gesture, or not allowed here): nothing to do.
    }
  }

  hostConnected(): void {
    document.addEventListener('fullscreenchange', this.onChange);
  }

  hostDisconnected(): void {
    document.removeEventListener('fullscreenchange', this.onChange);
  }

  private readonly onChange = () => this.host.requestUpdate();
}
