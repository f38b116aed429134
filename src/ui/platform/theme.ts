/** The page's theme: the custom properties in public/base.css follow `<html data-theme>`. */
import type { Theme } from '../../data';

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#101317' : '#f3efe6');
}
