// Issue 15 item 4 (spec §9 "page transition 'page', mode out-in"): the stylesheet turns on cross-document
// view transitions, the old page fading out before the new one fades in, and only for shoppers who have
// not asked for reduced motion.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const css = readFileSync('client/styles/index.css', 'utf8');

test('page transitions are on only without a reduced-motion preference, old out before new in', () => {
  const block = /@media \(prefers-reduced-motion: no-preference\) \{([\s\S]*?)\n\}/.exec(css)?.[1] ?? '';
  expect(block).toMatch(/@view-transition \{\s*navigation: auto;\s*\}/);
  // Out in 120 ms; in after it (delay 120 ms): out-in, not a cross-fade.
  expect(block).toMatch(/::view-transition-old\(root\) \{\s*animation: 120ms ease-in both page-out;/);
  expect(block).toMatch(/::view-transition-new\(root\) \{\s*animation: 160ms ease-out 120ms both page-in;/);
  // Nowhere else: a reduced-motion shopper's navigation is never animated.
  expect(css.match(/@view-transition/g)).toHaveLength(1);
});
