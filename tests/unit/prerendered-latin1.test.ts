import { describe, expect, test } from 'vitest';
import { latin1Markup } from '../../client/views/components/html-string';

describe('kept header and footer strings in Latin-1', () => {
  test('text and attributes get character references; scripts and style sheets are left as written', () => {
    const html =
      '<p class="topbar__usp" title="2–3 dagar">Leverans inom 2–3 arbetsdagar 😀</p>' +
      '<script type="application/json">{"label":"\\u2026"}</script>' +
      '<style>.x::after{content:"–"}</style><span>”klar”</span>';
    expect(latin1Markup(html)).toBe(
      '<p class="topbar__usp" title="2&#8211;3 dagar">Leverans inom 2&#8211;3 arbetsdagar &#128512;</p>' +
        '<script type="application/json">{"label":"\\u2026"}</script>' +
        '<style>.x::after{content:"–"}</style><span>&#8221;klar&#8221;</span>',
    );
  });

  test('markup already in Latin-1 comes back unchanged', () => {
    const html = '<a href="/c/pärmar">Pärmar · 499&nbsp;kr</a>';
    expect(latin1Markup(html)).toBe(html);
  });
});
