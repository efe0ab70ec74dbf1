// The filter panel's values, written as a string (client/views/components/list/ListFilters.tsx): the same
// rows React rendered, every value escaped, including what a remote API answers where a number belongs.
import { describe, expect, test } from 'vitest';
import { renderToString } from 'react-dom/server.edge';
import { ListFilters } from '../../client/views/components/list/ListFilters';
import { ShopContext } from '../../client/views/components/ShopContext';
import { EMPTY_SELECTION } from '../../core/list-selection';
import type { ListFacetGroup } from '../../client/views/pages/list-types';
import { swedishShop } from './swedish-shop';

const shop = swedishShop({ currentPath: '/c/pennor' });

function panel(facets: ListFacetGroup[]): string {
  return renderToString(
    <ShopContext value={shop}>
      <ListFilters
        total={20}
        path="/c/pennor"
        selection={EMPTY_SELECTION}
        facets={facets}
        priceRange={null}
        clearHref={null}
      />
    </ShopContext>,
  );
}

describe('filter values', () => {
  test('a value is a checkbox with its label and count; a label beyond Latin-1 is written as references', () => {
    const html = panel([
      {
        filterId: 'brands',
        label: 'Varumärken',
        values: [
          { facetId: 'b_61', parentId: null, label: 'Pilot & Co', count: 12, hidden: null },
          { facetId: 'b_60', parentId: null, label: 'Pentel – ”Energel”', count: 8, hidden: null },
        ],
      },
    ]);
    expect(html).toContain(
      '<li class="filter-value"><label class="filter-value__label"><input type="checkbox" name="brands"' +
        ' value="Pilot &amp; Co~61"/><span class="filter-value__name">Pilot &amp; Co</span>' +
        '<span class="filter-value__count">(12)</span></label></li>',
    );
    expect(html).toContain('<span class="filter-value__name">Pentel &#8211; &#8221;Energel&#8221;</span>');
  });

  test('a count that is not a number (a remote API answering markup) is text, not markup', () => {
    const html = panel([
      {
        filterId: 'brands',
        label: 'Varumärken',
        values: [
          {
            facetId: 'b_61',
            parentId: null,
            label: 'Pilot',
            count: '<img src=x onerror=alert(1)>' as never,
            hidden: null,
          },
          { facetId: 'b_60', parentId: null, label: 'Pentel', count: 8, hidden: null },
        ],
      },
    ]);
    expect(html).toContain('<span class="filter-value__count">(&lt;img src=x onerror=alert(1)&gt;)</span>');
    expect(html).not.toContain('<img');
  });
});
