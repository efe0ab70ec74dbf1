// Spec §8 and §11: the browser's GraphQL client reports a failed request in the spec's words, in its
// errors and its logs: 'Network request failed' when no answer came, 'Response not successful: Received
// status code {status}' for an answer of 300 or above.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Client, fetchExchange, gql } from '@urql/core';
import { shopFetch } from '../../client/store/graphql';
import { cartErrorOf } from '../../client/store/cart-api';

const QUERY = gql`
  query cartCount {
    getCart {
      id
    }
  }
`;

/** An operation through a client set up as the page's (fetchExchange over shopFetch). */
async function runQuery() {
  const client = new Client({ url: 'http://shop.example/graphql', exchanges: [fetchExchange], fetch: shopFetch });
  return (await client.query(QUERY, {}).toPromise()).error;
}

afterEach(() => vi.unstubAllGlobals());

describe('a failed GraphQL request', () => {
  test("with no answer at all (offline, connection reset) reports 'Network request failed'", async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await runQuery();
    expect(error?.networkError?.message).toBe('Network request failed');
    expect(cartErrorOf(error).message).toBe('Network request failed');
    expect(cartErrorOf(error).shopperMessage).toBeNull();
  });

  test("with an answer of 503 reports 'Response not successful: Received status code 503'", async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('Service Unavailable', { status: 503 })));
    const error = await runQuery();
    expect(error?.networkError?.message).toBe('Response not successful: Received status code 503');
    expect(cartErrorOf(error).message).toBe('Response not successful: Received status code 503');
  });

  test('with a redirect or a client error too (300 and above)', async () => {
    for (const status of [302, 400]) {
      vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status })));
      await expect(shopFetch('http://shop.example/graphql')).rejects.toThrow(
        `Response not successful: Received status code ${status}`,
      );
    }
  });

  test('an answer of 200 is read as it is', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(Response.json({ data: { getCart: { id: 'c1', __typename: 'CartType' } } })),
    );
    expect(await runQuery()).toBeUndefined();
  });
});
