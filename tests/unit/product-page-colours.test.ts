import { describe, expect, test } from 'vitest';
import { colourOf, colourVariants, type ColourCandidate } from '../../worker/pages/product/colour-variants';

/** A product of the catalog's shape: a Color parameter in group 1, others in group 2. */
function product(
  alias: string,
  name: string,
  colour: string | null,
  others: Record<string, string> = {},
): ColourCandidate {
  return {
    alias,
    name,
    productImages: [{ fileName: `${alias}.svg` }],
    parameterGroups: [
      ...(colour
        ? [
            {
              parameterGroupId: 1,
              name: 'Färg',
              parameters: [{ name: 'Färg', label: 'Färg', value: colour, show: true, identifier: 'color' }],
            },
          ]
        : []),
      {
        parameterGroupId: 2,
        name: 'Specifikation',
        parameters: Object.entries(others).map(([identifier, value]) => ({
          name: identifier,
          label: identifier,
          value,
          show: true,
          identifier,
        })),
      },
    ],
  };
}

describe('colour variants of a product line', () => {
  const silver = product('im-silver', 'Parker IM Reservoarpenna silver', 'Silver', { material: 'Metall' });

  test('products of the line in another colour are its variants, one per colour, by colour name', () => {
    const candidates = [
      silver,
      product('im-svart', 'Parker IM Reservoarpenna svart', 'Svart', { material: 'Metall' }),
      product('im-bla', 'Parker IM Reservoarpenna blå', 'Blå', { material: 'Metall' }),
      product('im-bla-2', 'Parker IM Reservoarpenna blå', 'Blå', { material: 'Metall' }),
    ];
    expect(colourVariants(silver, candidates, 'sv-SE')).toEqual([
      { alias: 'im-bla', colour: 'Blå', image: 'im-bla.svg' },
      { alias: 'im-svart', colour: 'Svart', image: 'im-svart.svg' },
    ]);
  });

  test('a colour of two words and an inflected colour word still count', () => {
    const pink = product('notes-rosa', 'Post-it Super Sticky Notisblock rosa 12-pack', 'Rosa', { 'pack-size': '12' });
    const mixed = product('notes-mix', 'Post-it Super Sticky Notisblock blandade färger 12-pack', 'Blandade färger', {
      'pack-size': '12',
    });
    const blue = product('notes-bla', 'Post-it Super Sticky Notisblock blått 12-pack', 'Blå', { 'pack-size': '12' });
    expect(colourVariants(pink, [pink, mixed, blue], 'sv-SE').map((variant) => variant.alias)).toEqual([
      'notes-mix',
      'notes-bla',
    ]);
  });

  test('another model, another pack size or the same colour is not a colour variant', () => {
    const candidates = [
      product('jotter', 'Parker Jotter Reservoarpenna blå', 'Blå', { material: 'Metall' }),
      product('im-plast', 'Parker IM Reservoarpenna svart', 'Svart', { material: 'Plast' }),
      product('im-silver-2', 'Parker IM Reservoarpenna silver', 'Silver', { material: 'Metall' }),
      product('other-line', 'Paper Mate Flexgrip Ultra Kulspetspenna 1,0 mm svart', 'Svart', { material: 'Metall' }),
    ];
    expect(colourVariants(silver, candidates, 'sv-SE')).toEqual([]);
  });

  test('a product without a colour has no colour variants', () => {
    const plain = product('box', 'Arkivbox', null);
    expect(colourOf(plain.parameterGroups)).toBeNull();
    expect(colourVariants(plain, [product('box-red', 'Arkivbox röd', 'Röd')], 'sv-SE')).toEqual([]);
  });
});
