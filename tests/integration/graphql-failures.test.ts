import { expect, test } from 'vitest';
import { env } from '../helpers';
import { handleGraphQLRequest } from '../../worker/graphql/http';
import { readConfig } from '../../worker/config';

/** The real database, except that anything reading products fails as an unavailable D1 would. */
function databaseFailingOnProducts(db: D1Database): D1Database {
  const touchesProducts = (sql: string) => /\bproducts\b/.test(sql);
  const failure = () => Promise.reject(new Error('D1_ERROR: internal error; reference = 5f3c'));
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') {
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (!touchesProducts(sql)) return statement;
          const failing = { all: failure, first: failure, run: failure, raw: failure, bind: () => failing, __sql: sql };
          return failing;
        };
      }
      if (property === 'batch') {
        return (statements: (D1PreparedStatement & { __sql?: string })[]) =>
          statements.some((statement) => statement.__sql) ? failure() : target.batch(statements);
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

test("a database failure answers with the generic message in the caller's language and no internals", async () => {
  const request = new Request('http://127.0.0.1/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: 'query($languageId: String) { products(take: 3, languageId: $languageId) { products { name } } }',
      variables: { languageId: 'en-US' },
    }),
  });
  const response = await handleGraphQLRequest(request, {
    db: databaseFailingOnProducts(env.DB),
    config: readConfig(env),
    now: new Date(),
    mailQueue: env.MAIL_QUEUE,
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text).not.toMatch(/D1_ERROR|reference|SELECT|Error:/);
  const body = JSON.parse(text) as {
    data: { products: { products: unknown } | null };
    errors: { message: string; extensions: { code: string } }[];
  };
  expect(body.data.products?.products ?? null).toBeNull();
  expect(body.errors[0]).toMatchObject({
    message: 'Something went wrong. Please try again and contact customer service if the problem persists.',
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
});
