import { buildSchema, getOperationAST, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, test } from 'vitest';
import { DEFAULT_LIST_SIZE, DEFAULT_PAGE_SIZE, LIMITS, limitRules, operationCost } from '../../worker/graphql/limits';
import geinsSdl from '../fixtures/geins-merchant-api.graphql?raw';
import { REFERENCE_OPERATION_FILES, referenceOperation as load } from '../operations';

const operations = REFERENCE_OPERATION_FILES;

describe('limits against the reference storefront', () => {
  const geins = buildSchema(geinsSdl);

  test.each(operations)('%s is within every limit, at the largest page the API allows', (file) => {
    const document = parse(load(file), { maxTokens: LIMITS.maxTokens });
    expect(
      validate(geins, document, [...specifiedRules, ...limitRules({ introspection: false })]).map((e) => e.message),
    ).toEqual([]);
    expect(operationCost(geins, document, getOperationAST(document)!, { take: 200 })).toBeLessThanOrEqual(
      LIMITS.maxCost,
    );
  });
});

describe('the cost model', () => {
  const schema = buildSchema(`
    type Query { products(take: Int): Page, channel: Channel }
    type Page { count: Int, products: [Product] }
    type Product { name: String, tags: [String], images: [Image] }
    type Image { url: String }
    type Channel { name: String }
  `);
  const cost = (query: string, variables: Record<string, unknown> = {}) => {
    const document = parse(query);
    return operationCost(schema, document, getOperationAST(document)!, variables);
  };

  test('every field costs 1, a list of scalars included', () => {
    expect(cost('{ channel { name } }')).toBe(2);
    expect(cost('{ products(take: 1) { products { tags } } }')).toBe(2 + 1);
  });

  test("a list's items count once per item of the page its take asks for, literal or variable", () => {
    // products + count + products list = 3, then per product: name, images, and DEFAULT_LIST_SIZE urls.
    const perProduct = 1 + 1 + DEFAULT_LIST_SIZE;
    const query = 'query($take: Int) { products(take: $take) { count products { name images { url } } } }';
    expect(cost(query, { take: 48 })).toBe(3 + 48 * perProduct);
    expect(cost('{ products(take: 48) { count products { name images { url } } } }')).toBe(3 + 48 * perProduct);
    expect(cost(query)).toBe(3 + DEFAULT_PAGE_SIZE * perProduct);
  });

  test('fragments cost what their fields cost where they are spread', () => {
    const inline = cost('{ products(take: 10) { products { name } } }');
    expect(cost('{ products(take: 10) { products { ...Card } } } fragment Card on Product { name }')).toBe(inline);
  });
});

describe('shape limits', () => {
  const schema = buildSchema('type Query { node: Node } type Node { id: ID, child: Node }');
  const errors = (query: string) =>
    validate(schema, parse(query), limitRules({ introspection: false })).map((e) => e.message);

  test('depth counts nested fields through fragments, not the fragments themselves', () => {
    const nested = (levels: number) => `{ node { ${'child { '.repeat(levels - 2)}id${' }'.repeat(levels - 2)} } }`;
    expect(errors(nested(LIMITS.maxDepth))).toEqual([]);
    expect(errors(nested(LIMITS.maxDepth + 1))).toEqual([
      `Query depth limit of ${LIMITS.maxDepth} exceeded, found ${LIMITS.maxDepth + 1}.`,
    ]);
    const viaFragment = `{ node { ...Deep } } fragment Deep on Node { ${'child { '.repeat(LIMITS.maxDepth - 1)}id${' }'.repeat(LIMITS.maxDepth - 1)} }`;
    expect(errors(viaFragment)).toEqual([
      `Query depth limit of ${LIMITS.maxDepth} exceeded, found ${LIMITS.maxDepth + 1}.`,
    ]);
  });

  test('aliases in a fragment count once for every place it is spread', () => {
    const aliases = Array.from({ length: 8 }, (_, i) => `a${i}: id`).join(' ');
    const query = `{ node { ...A child { ...A } } } fragment A on Node { ${aliases} }`;
    expect(errors(query)).toEqual([`Aliases limit of ${LIMITS.maxAliases} exceeded, found 16.`]);
  });
});
