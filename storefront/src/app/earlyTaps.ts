declare global {
  interface Window {
    /** Buttons tapped and forms sent before the app took the page over (src/boot/boot.ts). */
    __earlyTaps?: Element[];
    /** What was typed, ticked or chosen in fields meanwhile. */
    __earlyInputs?: Map<Element, string | boolean>;
    /** Buttons tapped before the early script arrived, kept by the page's first script (TAP_RECORDER). */
    __tapsBeforeBoot?: Element[];
    __stopTapRecorder?: () => void;
    /** Closes the phone menu the early script opened; true if it was open. */
    __closeEarlyMenu?: () => boolean;
  }
}

/** Puts a field back as the shopper left it, through the events the app listens to. */
function restore(field: Element, value: string | boolean) {
  if (field instanceof HTMLInputElement && typeof value === 'boolean') {
    if (field.checked !== value) field.click();
    return;
  }
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement)) return;
  if (typeof value !== 'string') return;
  // The field may still show the text while the app holds it empty. The app sees a change when
  // the value it last recorded (set through the field) differs from what the prototype's setter
  // then writes: so record an empty one first, then write the text and say it was typed.
  field.value = '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** The page is the app's now: marks it so, then gives back what the shopper did meanwhile. */
export function replayEarlyTaps() {
  document.documentElement.setAttribute('data-hydrated', '');
  // Each in a task of its own, outside the app's rendering (this is called from an effect): the
  // fields are given back and shown with their text before a replayed tap sends them.
  setTimeout(() => {
    for (const [field, value] of window.__earlyInputs ?? []) if (field.isConnected) restore(field, value);
    window.__earlyInputs?.clear();
    setTimeout(() => {
      // The early script's phone menu gives way to the app's, in the same place.
      if (window.__closeEarlyMenu?.()) document.getElementById('menu-button')?.click();
      for (const element of window.__earlyTaps?.splice(0) ?? []) {
        element.removeAttribute('aria-busy');
        if (!element.isConnected) continue;
        if (element instanceof HTMLFormElement) element.requestSubmit();
        else if (element instanceof HTMLElement) element.click();
      }
    });
  });
}
