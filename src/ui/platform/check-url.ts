/** "Check this cup" is asked for by the page's address: `#check` or `?check`. */

export function isCheckUrl(): boolean {
  return location.hash === '#check' || new URLSearchParams(location.search).has('check');
}

/** The check was closed: the address no longer asks for it (without a new history entry). */
export function forgetCheckUrl(): void {
  const url = new URL(location.href);
  url.hash = '';
  url.searchParams.delete('check');
  history.replaceState(null, '', url);
}
