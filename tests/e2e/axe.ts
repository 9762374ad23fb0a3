import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

// WCAG 2.2 AA with axe-core, in the real browser with the Content Security Policy on: what a page
// shows of serious or critical impact, and whether it has exactly one h1.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
// The axe-core the builder below carries (its own version), read once.
const AXE = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe's findings: put into the page once (it stays across the app's own navigations) and run there.
 * The @axe-core/playwright builder put its 500 KB in again on every check and opened a blank page
 * to finish each run: most of the walks' time. A page with frames gets the builder, which checks
 * inside them too.
 */
async function analyze(page: Page, within: string | undefined): Promise<AxeResults> {
  // Only the violations in detail: axe then skips describing every node that passes (faster).
  const options: RunOptions = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).withTags(TAGS).options(options);
    return (within ? builder.include(within) : builder).analyze();
  }
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  type Axe = { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> };
  return page.evaluate(([part, run]) => (window as unknown as { axe: Axe }).axe.run(part ? { include: [part] } : document, run), [
    within ?? null,
    options,
  ] as const);
}

export async function accessibilityProblems(page: Page, { within }: { within?: string } = {}) {
  // Only this part of the page (its own content): the layout around it, the same on every screen,
  // was checked whole on an earlier one. Axe's time grows with the nodes it reads.
  const result = await analyze(page, within);
  const problems = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)}`)
          .join(' | ')}${v.nodes.length > 3 ? ` … ${v.nodes.length} en tout` : ''}`,
    );
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) problems.push(`${h1} h1`);
  return problems;
}
