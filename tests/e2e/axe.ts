import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// WCAG 2.2 AA with axe-core, in the real browser with the Content Security Policy on: what a page
// shows of serious or critical impact, and whether it has exactly one h1.

export async function accessibilityProblems(page: Page, { within }: { within?: string } = {}) {
  const builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // Only the violations in detail: axe then skips describing every node that passes (faster).
    .options({ resultTypes: ['violations'] });
  // Only this part of the page (its own content): the layout around it, the same on every screen,
  // was checked whole on an earlier one. Axe's time grows with the nodes it reads.
  if (within) builder.include(within);
  const result = await builder.analyze();
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
