import type { Page } from '@playwright/test';

/** Page side: serializes the app's first screen at its first frame (see the module). */
export const CAPTURE: string;
/** The copy as the page holds it. */
export function copyOf(captured: string): string;
/** Opens the page, waits for the app's first screen and returns its copy. */
export function captureFirstScreen(page: Page, url: string): Promise<string>;
