// Issue 12: CMS HTML is rendered through an allowlist.
import { describe, expect, test } from 'vitest';
import { sanitizeHtml } from '../../worker/render/sanitize-html';

describe('CMS HTML', () => {
  test('keeps the text formatting content uses', () => {
    const html =
      '<h2>Frakt</h2><p>Fri frakt över <strong>499 kr</strong>. <a href="/kundservice" title="Hjälp">Kundservice</a></p><ul><li>Ett</li></ul>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  test('drops script, handlers, javascript: URLs, frames and styles', () => {
    expect(
      sanitizeHtml(
        '<p onclick="steal()">Hej<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><style>body{display:none}</style><svg onload="alert(1)"></svg></p>',
      ),
    ).toBe('<p>Hej<a href>x</a><img src></p>');
  });
});
