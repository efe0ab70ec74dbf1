import { describe, expect, test } from 'vitest';
import { fetchWorker, graphql } from '../helpers';

const PRODUCTS = /* GraphQL */ `
  query products($take: Int, $skip: Int, $sort: SortType, $marketId: String, $languageId: String) {
    products(take: $take, skip: $skip, filter: { sort: $sort }, marketId: $marketId, languageId: $languageId) {
      count
      products {
        productId
        name
        alias
        brand {
          name
        }
        unitPrice {
          sellingPriceIncVat
          sellingPriceExVat
          vat
          sellingPriceIncVatFormatted
          currency {
            code
          }
        }
      }
    }
  }
`;

describe('channel', () => {
  test('the storefront operation `channel` returns the four markets with currencies and languages', async () => {
    const { status, data } = await graphql(
      `
        query channel($channelId: String) {
          channel(channelId: $channelId) {
            defaultMarketId
            markets {
              id
              defaultLanguageId
              alias
              virtual
              onlyDisplayInCheckout
              groupKey
              allowedLanguages {
                id
                name
                code
              }
              country {
                name
                code
              }
              currency {
                name
                code
              }
            }
          }
        }
      `,
      { channelId: '1|se' },
    );
    expect(status).toBe(200);
    expect(data?.channel.defaultMarketId).toBe('1|se');
    const markets = data?.channel.markets as {
      alias: string;
      currency: { code: string };
      defaultLanguageId: string;
      allowedLanguages: { id: string }[];
    }[];
    expect(markets.map((m) => [m.alias, m.currency.code, m.defaultLanguageId])).toEqual([
      ['se', 'SEK', 'sv-SE'],
      ['dk', 'DKK', 'da-DK'],
      ['no', 'NOK', 'nb-NO'],
      ['fi', 'EUR', 'fi-FI'],
    ]);
    expect(markets[3]!.allowedLanguages.map((l) => l.id)).toEqual(['fi-FI', 'sv-SE', 'en-US']);
  });

  test('channel without an id falls back to the configured channel', async () => {
    const { data } = await graphql('{ channel { id name markets { alias } } }');
    expect(data?.channel.id).toBe('1|se');
  });
});

describe('products', () => {
  test('counts the whole seeded catalog', async () => {
    const { data } = await graphql(PRODUCTS, { take: 5 });
    expect(data?.products.count).toBeGreaterThanOrEqual(1000);
    expect(data?.products.products).toHaveLength(5);
  });

  test('answers in the market currency and the language asked for, by market alias or id', async () => {
    const byAlias = await graphql(PRODUCTS, { take: 3, sort: 'LATEST', marketId: 'fi', languageId: 'fi-FI' });
    const byId = await graphql(PRODUCTS, { take: 3, sort: 'LATEST', marketId: '1|fi', languageId: 'fi-FI' });
    expect(byAlias.data).toEqual(byId.data);
    const product = byAlias.data?.products.products[0];
    expect(product.unitPrice.currency.code).toBe('EUR');
    expect(product.unitPrice.sellingPriceIncVatFormatted).toMatch(/€$/);
    const swedish = await graphql(PRODUCTS, { take: 3, sort: 'LATEST' });
    expect(swedish.data?.products.products[0].unitPrice.currency.code).toBe('SEK');
    expect(swedish.data?.products.products[0].name).not.toBe(product.name);
  });

  test('an unknown market and language fall back to the default market and Swedish', async () => {
    const fallback = await graphql(PRODUCTS, { take: 2, sort: 'LATEST', marketId: 'xx', languageId: 'de-DE' });
    const swedish = await graphql(PRODUCTS, { take: 2, sort: 'LATEST', marketId: 'se', languageId: 'sv-SE' });
    expect(fallback.data).toEqual(swedish.data);
  });

  test('VAT parts add up and sorting by price is ascending', async () => {
    const { data } = await graphql(PRODUCTS, { take: 20, sort: 'PRICE' });
    const prices = data?.products.products.map((p: any) => p.unitPrice) ?? [];
    for (const price of prices) {
      expect(Math.round((price.sellingPriceExVat + price.vat) * 100)).toBe(Math.round(price.sellingPriceIncVat * 100));
    }
    const amounts = prices.map((p: any) => p.sellingPriceIncVat);
    expect(amounts).toEqual([...amounts].sort((a: number, b: number) => a - b));
  });

  test('take over 200 is refused with a clear error in the language asked for', async () => {
    const { data, errors } = await graphql(PRODUCTS, { take: 500 });
    expect(data?.products).toBeNull();
    expect(errors?.[0]?.message).toBe(
      'Ogiltig sidindelning: skip måste vara mellan 0 och 6000 och take mellan 0 och 200',
    );
    const english = await graphql(PRODUCTS, { take: 500, languageId: 'en-US' });
    expect(english.errors?.[0]?.message).toBe(
      'Invalid paging: skip must be between 0 and 6000 and take between 0 and 200',
    );
  });
});

describe('GraphQL over HTTP', () => {
  test('a body that is not JSON gets 400 and a message', async () => {
    const response = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{nope',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ message: 'The body is not valid JSON' }] });
  });

  test('a query for a field the schema lacks is rejected before execution', async () => {
    const { status, errors } = await graphql('{ channel { secretField } }');
    expect(status).toBe(400);
    expect(errors?.[0]?.message).toContain('Cannot query field "secretField"');
  });

  test('GET serves queries but refuses mutations', async () => {
    const ok = await fetchWorker(`/graphql?query=${encodeURIComponent('{ channel { id } }')}`);
    expect(ok.status).toBe(200);
    const mutation = await fetchWorker(
      `/graphql?query=${encodeURIComponent('mutation { clearCart(id: "x") { id } }')}`,
    );
    expect(mutation.status).toBe(405);
  });
});
