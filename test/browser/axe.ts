/**
 * The accessibility audit: axe-core run inside the page (its source injected with a script
 * tag, as @axe-core/playwright does, which needs a newer Node than ours), keeping the
 * violations a screen-reader or keyboard user cannot work around: serious and critical.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = (require('axe-core') as { source: string }).source;

/** One rule broken, with the elements that break it. */
export interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: string[];
}

interface AxeResultsLike {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[] }[];
  }[];
}

/** Runs axe on the whole page as it is now and returns every serious or critical violation. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // Expressions as strings: these run in the page, whose types (DOM) Node code does not have.
  if (!(await page.evaluate<boolean>("typeof axe === 'object'")))
    await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate<AxeResultsLike>('axe.run(document)');
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
}

/** The violations as lines a developer can act on (for a failing expectation's message). */
export function describeViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n    ${v.targets.slice(0, 5).join('\n    ')}`)
    .join('\n');
}
