// The page's own small script, built into /assets/boot-<hash>.js (vite.config.ts; external: the
// CSP allows no inline script but the tap recorder, TAP_RECORDER in @app/shared/ssr, which keeps
// the taps on buttons made before this script arrives).
//
// 1. It starts the app after the page's first paint: the app's tags wait in <template id="app-code">
//    (vite.config.ts), so the slow link first carries the page and its main image, and nothing
//    else competes with the first paint. A hidden tab paints no frame: it starts after 0.5 s.
// 2. A page comes rendered from the server and shows at once, but its buttons and forms respond
//    only once the app's code has arrived and taken it over (hydration): seconds on a slow phone.
//    - "Ajouter au panier" and the quantity buttons answer at once: this script adds to the cart
//      itself, with the app's own rules (shared/cart, addWithinStock), updates the header's badge,
//      says "Ajouté" and shows the app's message. The app reads that cart when it starts.
//    - The phone menu opens at once too: this script shows the menu the page carries for browsers
//      without JavaScript (Header.tsx), and the app opens its own in its place when it starts.
//    - Everything else the shopper does is kept and handed to the app when it is ready
//      (app/earlyTaps.ts) instead of being lost: the text typed into fields (the app would
//      otherwise reset them) and the taps and sent forms, shown as pending. Links work on their own.
import { CART_STORAGE_KEY, itemCount, parseStoredCart } from '@app/shared/cart';
import { addWithinStock } from '../modules/cart/addWithinStock';
import { cartLinkLabel } from '../modules/cart/earlyAdd';
import { CLOSE_PATH, MENU_PATH } from '../modules/layout/menuIcons';
import type {} from '../app/earlyTaps';

let started = false;
function startApp() {
  const code = document.getElementById('app-code') as HTMLTemplateElement | null;
  if (started || !code) return;
  started = true;
  // One tag per task: each takes a few milliseconds to start its download (up to 30 ms for the
  // nine of a page, on this machine), which at once was one long task on a slow phone.
  const tags = [...document.importNode(code.content, true).childNodes];
  const next = () => {
    const tag = tags.shift();
    if (!tag) return;
    document.head.appendChild(tag);
    setTimeout(next, 0);
  };
  next();
}
function afterFirstPaint() {
  requestAnimationFrame(() => setTimeout(startApp, 0));
  setTimeout(startApp, 500);
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', afterFirstPaint);
else afterFirstPaint();

const root = document.documentElement;
const taps: Element[] = (window.__earlyTaps = []);
const typed = (window.__earlyInputs = new Map<Element, string | boolean>());
const early = () => !root.hasAttribute('data-hydrated');

/** The cart change is this script's until the app has read the cart (CartProvider). */
const mine = () => early() && !window.__cartAdopted;

/** Where a screen reader hears the messages: a refusal at once (alert), the rest politely (status). */
const regions = new Map<string, HTMLElement>();
function toast(tone: string, message: string) {
  const note = document.createElement('div');
  note.className = `early-toast early-toast-${tone}`;
  note.textContent = message;
  // Said once, by the region below; this one is what the eye reads.
  note.setAttribute('aria-hidden', 'true');
  document.body.appendChild(note);
  setTimeout(() => note.remove(), tone === 'success' ? 2500 : 5000);
  // A region already in the page, then its words: a screen reader announces a change, not an arrival.
  const role = tone === 'error' ? 'alert' : 'status';
  let region = regions.get(role);
  if (!region) {
    region = document.createElement('div');
    region.setAttribute('role', role);
    region.className = 'sr-only';
    document.body.appendChild(region);
    regions.set(role, region);
  }
  const said = region;
  said.textContent = ''; // the same words again are a change too
  setTimeout(() => (said.textContent = message), 100);
}

function showCount(count: number) {
  const badge = document.querySelector('[data-testid="cart-badge"]');
  if (!badge) return;
  badge.textContent = String(count);
  badge.toggleAttribute('hidden', count === 0);
  badge.closest('a')?.setAttribute('aria-label', cartLinkLabel(count));
}

function addToCart(button: HTMLElement) {
  let item;
  try {
    item = JSON.parse(button.dataset.cartAdd ?? '');
  } catch {
    return false;
  }
  const field = button.dataset.cartQuantity ? (document.getElementById(button.dataset.cartQuantity) as HTMLInputElement | null) : null;
  const quantity = field ? Math.max(1, Math.floor(Number(field.value)) || 1) : 1;
  try {
    const { cart, tone, message } = addWithinStock(parseStoredCart(localStorage.getItem(CART_STORAGE_KEY)), { ...item, quantity });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
    showCount(itemCount(cart));
    toast(tone, message);
    if (tone !== 'error') sayAdded(button);
    return true;
  } catch {
    // No storage (private mode, blocked): the tap is kept for the app, which holds the cart in memory.
    return false;
  }
}

/** The button says "Ajouté" for a moment, then its own words again (unless the app changed them). */
function sayAdded(button: HTMLElement) {
  const label = button.textContent;
  const added = 'Ajouté ✓';
  button.textContent = added;
  setTimeout(() => {
    if (button.textContent === added) button.textContent = label;
  }, 2000);
}

/**
 * The phone menu before the app: a copy of the one in the header's <noscript> (plain text to a
 * browser that runs scripts), shown under the header, outside the part of the page the app takes
 * over. Its links load their page as any link does before the app.
 */
function openMenu(button: HTMLElement) {
  const fallback = document.createElement('template');
  fallback.innerHTML = button.parentElement?.querySelector('noscript')?.textContent ?? '';
  const nav = fallback.content.querySelector('#mobile-menu');
  const header = button.closest('header');
  if (!nav || !header) return false;
  const menu = document.createElement('div');
  menu.id = 'early-menu';
  menu.className = 'early-menu';
  menu.appendChild(nav);
  document.body.appendChild(menu);
  sayMenu(button, true);
  // Under the header as it is with the menu open (styles.css: compact and white, as the app's).
  menu.style.top = `${header.getBoundingClientRect().bottom}px`;
  document.body.style.overflow = 'hidden'; // the page behind stays still, as under the app's menu
  return true;
}
/** The button says and draws what it does next, as the app's does. */
function sayMenu(button: Element, open: boolean) {
  button.setAttribute('aria-expanded', String(open));
  button.setAttribute('aria-label', open ? 'Fermer le menu' : 'Ouvrir le menu');
  button.querySelector('path')?.setAttribute('d', open ? CLOSE_PATH : MENU_PATH);
}
/** Closes this script's menu; says whether it was open (app/earlyTaps.ts then opens the app's). */
function closeMenu() {
  const menu = document.getElementById('early-menu');
  if (!menu) return false;
  menu.remove();
  const button = document.getElementById('menu-button');
  if (button) sayMenu(button, false);
  document.body.style.overflow = '';
  return true;
}
window.__closeEarlyMenu = closeMenu;
document.addEventListener('keydown', (event) => event.key === 'Escape' && closeMenu());

/** − and + next to a quantity field: the field changes now, and the app gets the number (earlyTaps.ts). */
function step(button: HTMLElement) {
  const field = button.parentElement?.querySelector('input');
  if (!field) return false;
  const max = Number(field.max) || 99;
  const next = Math.min(max, Math.max(1, (Math.floor(Number(field.value)) || 1) + Number(button.dataset.quantityStep)));
  field.value = String(next);
  typed.set(field, field.value);
  return true;
}

function keepTap(event: Event) {
  if (!early()) return;
  const source = event.target as Element | null;
  const target = event.type === 'submit' ? source : source?.closest?.('button');
  if (!target) return;
  event.preventDefault();
  // Done here or kept for later, never also seen by the app: while it takes the page over in
  // slices, React already listens and would act on the tap too (twice in all).
  event.stopPropagation();
  act(target);
}
/** Does what a tap asks for now if this script can, else keeps it for the app. */
function act(target: Element) {
  if (target.id === 'menu-button' && target instanceof HTMLElement && (closeMenu() || openMenu(target))) return;
  if (target instanceof HTMLElement && mine()) {
    if (target.dataset.cartAdd !== undefined && addToCart(target)) return;
    if (target.dataset.quantityStep && step(target)) return;
  }
  // A shopper who taps again because nothing seemed to happen still asked once.
  if (taps.indexOf(target) < 0) taps.push(target);
  target.setAttribute('aria-busy', 'true');
}
function keepInput(event: Event) {
  const field = event.target as HTMLInputElement | null;
  if (!early() || !field || !('value' in field) || field.type === 'file') return;
  typed.set(field, field.type === 'checkbox' || field.type === 'radio' ? field.checked : field.value);
}
document.addEventListener('click', keepTap, true);
document.addEventListener('submit', keepTap, true);
// The buttons tapped before this script arrived (TAP_RECORDER, in the page's head), done now.
window.__stopTapRecorder?.();
for (const target of window.__tapsBeforeBoot?.splice(0) ?? []) act(target);
document.addEventListener('input', keepInput, true);
document.addEventListener('change', keepInput, true);
