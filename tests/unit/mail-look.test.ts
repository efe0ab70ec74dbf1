// Issue 13: mails are drawn in the shop's look. The domain cannot import client/styles, so the mail
// layout writes the colours out; this ties them to the storefront's stylesheet.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { MAIL_COLOURS } from '../../worker/commerce/mail/layout';

test("the mail colours are the storefront's (client/styles/index.css :root)", () => {
  const stylesheet = readFileSync('client/styles/index.css', 'utf8');
  expect(stylesheet).toContain('--color-brand: #fdd600;');
  expect(stylesheet).toContain('--color-brand-strong: #e6c200;');
  expect(stylesheet).toContain('--color-ink: #16181d;');
  expect(stylesheet).toContain('--color-ink-soft: #4a4f5a;');
  expect(stylesheet).toContain('--color-line: #e3e5ea;');
  expect(stylesheet).toContain('--color-canvas: #f6f6f3;');
  expect(MAIL_COLOURS).toEqual({
    brand: '#fdd600',
    brandStrong: '#e6c200',
    ink: '#16181d',
    inkSoft: '#4a4f5a',
    line: '#e3e5ea',
    surface: '#ffffff',
    canvas: '#f6f6f3',
  });
});
