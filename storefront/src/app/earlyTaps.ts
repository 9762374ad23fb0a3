declare global {
  interface Window {
    /** Buttons tapped and forms sent before the app took the page over (public/early-taps.js). */
    __earlyTaps?: Element[];
  }
}

/** The page is the app's now: marks it so, then does what the shopper asked for meanwhile. */
export function replayEarlyTaps() {
  document.documentElement.setAttribute('data-hydrated', '');
  for (const element of window.__earlyTaps?.splice(0) ?? []) {
    element.removeAttribute('aria-busy');
    if (!element.isConnected) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLElement) element.click();
  }
}
