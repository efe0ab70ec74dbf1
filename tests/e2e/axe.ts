// axe-core on the page as the shopper has it now: no WCAG 2.1 AA violations (the standard the
// accessibility statement names). One helper for every spec.
//
// How it runs, for the suite's time on two cores: axe-core itself, put into the page once and run there
// (`axe.run`), not through @axe-core/playwright. That wrapper's default runs `runPartial` in each frame and
// `finishRun` in a new blank page of the context (for cross-origin frames, which the shop has none of): a
// new page is a new renderer process, most of a scan's cost (4.2 CPU-s for the start page). Its legacy mode
// runs `axe.run` in the page, but puts the 1.3 MB unminified source into it twice on every scan: 1.9 CPU-s
// a scan of the start page, the list and the checkout, against 1.45 for the minified source put in once (a
// second scan of the same page, axe already there, 0.8). Every rule of the tags still runs; only the
// violations are described element by element (`resultTypes`), not every element that passed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Fails with each violated rule and the elements it found, or passes; `include` narrows it to those parts. */
export async function expectNoAxeViolations(page: Page, ...include: string[]): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      const { axe } = window as unknown as { axe: typeof import('axe-core') };
      const results = await axe.run(
        include.length > 0 ? { include: include.map((selector) => [selector]) } : document,
        {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        },
      );
      return results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    },
    { include, tags: WCAG_AA },
  );
  expect(violations).toEqual([]);
}
