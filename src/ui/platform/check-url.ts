/** What the page's address asks for: "Check this cup" (`#check` or `?check`), a cup (`?cup`). */

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

/** The cup the address asks for (`?cup=sim`: the simulated cup; see `firstCup`), if any. */
export function askedCup(): string | null {
  return new URLSearchParams(location.search).get('cup');
}
