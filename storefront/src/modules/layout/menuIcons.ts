// The menu button's two drawings, shared by its icons (icons.tsx) and the page's early script,
// which shows the menu before the app has started (src/boot/boot.ts).
export const MENU_PATH = 'M4 6h16M4 12h16M4 18h16';
export const CLOSE_PATH = 'M6 6l12 12M18 6 6 18';
