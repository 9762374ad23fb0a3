// Admin weight, on demand: npx tsx bench/admin.ts (needs the built admin: npm run build).
// Sums, by gzip size, the JavaScript and CSS that the login route loads before the form
// shows, then what signing in adds, then what opening a rich-text form adds (the editor
// is meant to load only there).
import { chromium } from 'playwright-core';
import { CHROMIUM, FLAGS, gzipSize, kib, recordAssets, startServer } from './lib';

const ADMIN = { email: 'bench@example.com', password: 'une phrase pour le banc' };
const { base, stop } = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const assets = recordAssets(page);
  const weigh = (from: number) => {
    const slice = assets.slice(from);
    const sum = (type: string) =>
      slice.filter((a) => a.type === type).reduce((s, a) => s + gzipSize('admin/dist', a.path.replace(/^\/admin/, '')), 0);
    return { js: sum('script'), css: sum('stylesheet'), files: slice.length };
  };

  await page.goto(`${base}/admin/login`);
  await page.getByRole('button', { name: 'Se connecter' }).waitFor();
  await page.waitForTimeout(300);
  const login = weigh(0);

  let mark = assets.length;
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Mot de passe').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByText('Administration de la boutique').waitFor();
  await page.waitForTimeout(500);
  const signedIn = weigh(mark);

  mark = assets.length;
  await page.goto(`${base}/admin/blog/add`);
  await page.locator('.ProseMirror').waitFor();
  const editor = weigh(mark);

  console.log('Admin JavaScript and CSS by gzip size (desktop):');
  console.log(`  /admin/login before the form shows:   JS ${kib(login.js)}, CSS ${kib(login.css)} (${login.files} files)`);
  console.log(`  added by signing in (dashboard):      JS ${kib(signedIn.js)}, CSS ${kib(signedIn.css)} (${signedIn.files} files)`);
  console.log(`  blog form, whole page load w/ editor: JS ${kib(editor.js)}, CSS ${kib(editor.css)} (${editor.files} files)`);
} finally {
  await browser.close();
  stop();
}
