import { getIntrospectionQuery } from 'graphql';
import { describe, expect, test } from 'vitest';
import { env, fetchWorker, graphql } from '../helpers';
import { controlledContext, postTo } from './protocol-helpers';
import { LIMITS } from '../../worker/graphql/limits';
import markets from '../fixtures/ralph-operations/global/markets.graphql?raw';

/** A database that fails the test if anything reaches it: proof that no resolver ran. */
const untouchable = new Proxy({} as D1Database, {
  get() {
    throw new Error('a resolver ran: the database was used');
  },
});

const codes = (answer: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  answer.body.errors?.map((error) => error.extensions?.code);

describe('abuse limits are enforced before any resolver runs', () => {
  test('a document deeper than the maximum is refused with 400', async () => {
    const { context } = controlledContext({ db: untouchable });
    // Variants nest variants: a valid document as deep as anyone likes.
    const levels = LIMITS.maxDepth;
    const query = `{ product(alias: "any") { variantGroup { ${'variants { '.repeat(levels)}label${' }'.repeat(levels)} } } }`;
    const answer = await postTo(context, { query });
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        message: `Query depth limit of ${LIMITS.maxDepth} exceeded, found ${levels + 3}.`,
        extensions: { code: 'DEPTH_LIMIT_EXCEEDED' },
      }),
    ]);
  });

  test('more aliases than the maximum are refused, the maximum itself is answered', async () => {
    const aliased = (count: number) =>
      `{ ${Array.from({ length: count }, (_, i) => `c${i}: channel { id }`).join(' ')} }`;
    const refused = await postTo(controlledContext({ db: untouchable }).context, {
      query: aliased(LIMITS.maxAliases + 1),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toBe(
      `Aliases limit of ${LIMITS.maxAliases} exceeded, found ${LIMITS.maxAliases + 1}.`,
    );
    expect(codes(refused)).toEqual(['ALIAS_LIMIT_EXCEEDED']);
    const answered = await graphql(aliased(LIMITS.maxAliases));
    expect(answered.status).toBe(200);
    expect(answered.data?.c14).toEqual({ id: '1|se' });
  });

  test('more directives than the maximum are refused', async () => {
    const fields = Array.from({ length: LIMITS.maxDirectives + 1 }, () => 'id @include(if: true)').join(' ');
    const refused = await postTo(controlledContext({ db: untouchable }).context, {
      query: `{ channel { ${fields} } }`,
    });
    expect(refused.status).toBe(400);
    expect(codes(refused)).toEqual(['DIRECTIVE_LIMIT_EXCEEDED']);
  });

  test('the cost limit counts the page size the variables ask for', async () => {
    // Per product: productId, and variants three lists deep (5 assumed per list): about 220.
    const query = `query costly($take: Int) { products(take: $take) { products {
      productId variantGroup { variants { variants { variants { label } } } }
      parameterGroups { name parameters { name value } } } } }`;
    const refused = await postTo(controlledContext({ db: untouchable }).context, { query, variables: { take: 200 } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toMatch(
      new RegExp(`^Query cost \\d+ exceeds the maximum of ${LIMITS.maxCost}$`),
    );
    expect(codes(refused)).toEqual(['COST_LIMIT_EXCEEDED']);
    const small = await postTo(controlledContext().context, { query, variables: { take: 10 } });
    expect(small.status).toBe(200);
    expect(codes(small) ?? []).not.toContain('COST_LIMIT_EXCEEDED');
  });

  test('a document of more tokens than the maximum is refused while parsing', async () => {
    const query = `{ channel { ${'id '.repeat(LIMITS.maxTokens)} } }`;
    const answer = await graphql(query);
    expect(answer.status).toBe(400);
    // graphql-js spells it "more that".
    expect(answer.errors?.[0]?.message).toMatch(
      new RegExp(`^Syntax Error: Document contains more tha[nt] ${LIMITS.maxTokens} tokens`),
    );
  });

  test("the reference storefront's channel operation is within every limit and answered", async () => {
    const answer = await graphql(markets, { channelId: '1|se' });
    expect(answer.status).toBe(200);
    expect(answer.errors).toBeUndefined();
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM markets WHERE channel_id = '1|se'").first<{
      n: number;
    }>();
    expect(answer.data?.channel.markets).toHaveLength(count!.n);
  });
});

describe('introspection', () => {
  const INTROSPECTION = '{ __schema { queryType { name } } }';

  test('is refused in production (GRAPHQL_INTROSPECTION unset or "false", as in wrangler.toml)', async () => {
    const response = await fetchWorker('/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: INTROSPECTION }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { message: string }[] }).errors[0]!.message).toBe(
      'GraphQL introspection has been disabled, but the requested query contained the field "__schema".',
    );
  });

  test('is answered in development (GRAPHQL_INTROSPECTION "true")', async () => {
    const answer = await postTo(controlledContext({ config: { graphqlIntrospection: true } }).context, {
      query: INTROSPECTION,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ __schema: { queryType: { name: 'GeinsMerchantApiQuery' } } });
  });

  test("graphql-js's standard introspection query, as GraphiQL and codegen send it, is answered in development", async () => {
    const answer = await postTo(controlledContext({ config: { graphqlIntrospection: true } }).context, {
      query: getIntrospectionQuery(),
    });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.status).toBe(200);
    const schema = (answer.body.data as { __schema: { queryType: { name: string }; types: { name: string }[] } })
      .__schema;
    expect(schema.queryType.name).toBe('GeinsMerchantApiQuery');
    expect(schema.types.map((type) => type.name)).toContain('ProductType');
  });

  test('__typename stays available in production, clients add it to every selection', async () => {
    const answer = await graphql('{ __typename channel { __typename id } }');
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      __typename: 'GeinsMerchantApiQuery',
      channel: { __typename: 'ChannelType', id: '1|se' },
    });
  });
});
