// axe-core on the page as the shopper has it now: no WCAG 2.1 AA violations (the standard the
// accessibility statement names). One helper for every spec.
//
// How it runs, for the suite's time on two cores: axe runs in the page itself (`axe.run`, AxeBuilder's
// legacy mode), not as `runPartial` in each frame with `finishRun` in a new blank page of the context,
// @axe-core/playwright's default, made for cross-origin frames (the shop has none). A new page is a new
// renderer process: that was most of a scan's cost (4.2 CPU-s for the start page, now 1.5). Every rule
// still runs; only the violations are described element by element (`resultTypes`), not every element
// that passed.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Fails with each violated rule and the elements it found, or passes; `include` narrows it to those parts. */
export async function expectNoAxeViolations(page: Page, ...include: string[]): Promise<void> {
  let builder = new AxeBuilder({ page })
    .withTags(WCAG_AA)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  for (const selector of include) builder = builder.include(selector);
  const { violations } = await builder.analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}
