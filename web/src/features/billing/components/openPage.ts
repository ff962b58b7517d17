// Opening the payment provider's pages. The checkout goes in this tab (`goTo`; the provider
// returns to /checkout). The customer portal opens in a new tab, opened during the click, before
// the server answers, so the browser does not block it as a popup; it receives the address once
// known; when no tab could be opened, this tab goes there. The billing page reads the billing
// again when its tab comes back into view.

/** A blank tab opened now, cut off from this page; null when the browser refused one. */
export function reserveTab(): Window | null {
  let tab: Window | null = null;
  try {
    tab = window.open('', '_blank');
  } catch {
    return null;
  }
  if (!tab) return null;
  try {
    tab.opener = null;
  } catch {
    // Some browsers do not let the opener be cleared; the provider's page is still ours to open.
  }
  return tab;
}

/** Sends the reserved tab to `url`, else this tab. */
export function openPage(url: string, tab: Window | null): void {
  if (tab && !tab.closed) {
    tab.location.href = url;
    return;
  }
  window.location.assign(url);
}

/** This tab goes to `url` (the provider's checkout; it comes back to /checkout). */
export function goTo(url: string): void {
  window.location.assign(url);
}
