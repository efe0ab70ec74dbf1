import { SignJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import { env, fetchWorker, graphql } from '../helpers';
import { referenceOperation } from '../operations';

// Bound by vitest.config.ts (miniflare bindings), not declared in wrangler.toml's Env.
const AUTH_SECRET = (env as unknown as { AUTH_SECRET: string }).AUTH_SECRET;

const REVIEWS = referenceOperation('product/reviews.graphql');
const MONITOR = referenceOperation('product/monitor-availability.graphql');
const POST_REVIEW = referenceOperation('product/post-product-review.graphql');

async function aliasOf(productId: number, languageId = 'sv-SE'): Promise<string> {
  const row = await env.DB.prepare('SELECT alias FROM product_texts WHERE product_id = ? AND language_id = ?')
    .bind(productId, languageId)
    .first<{ alias: string }>();
  return row!.alias;
}

/** A product with accepted reviews and at least one PENDING or REJECTED one. */
async function mixedReviewsProductId(): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT product_id FROM reviews GROUP BY product_id HAVING SUM(status <> 'ACCEPTED') > 0 AND SUM(status = 'ACCEPTED') > 0 ORDER BY product_id LIMIT 1",
  ).first<{ product_id: number }>();
  return row!.product_id;
}

/** A customer row and a token for it, as the login flow issues it (HS256 with AUTH_SECRET). */
async function loggedInCustomer(email: string): Promise<{ id: number; token: string }> {
  const now = new Date().toISOString();
  const row = await env.DB.prepare(
    'INSERT INTO customers (email, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
  )
    .bind(email, 'not-a-real-hash', now, now)
    .first<{ id: number }>();
  const token = await new SignJWT({ email, sv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(row!.id))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(AUTH_SECRET));
  return { id: row!.id, token };
}

async function graphqlAs(token: string, query: string, variables: Record<string, unknown>) {
  const response = await fetchWorker('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, any>;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

describe('reviews', () => {
  test('lists only accepted reviews, newest first, with their count and average', async () => {
    const id = await mixedReviewsProductId();
    const { results: accepted } = await env.DB.prepare(
      "SELECT rating, comment, author, created_at FROM reviews WHERE product_id = ? AND status = 'ACCEPTED' ORDER BY created_at DESC, id DESC",
    )
      .bind(id)
      .all<{ rating: number; comment: string; author: string; created_at: string }>();
    const { data, errors } = await graphql(REVIEWS, { alias: await aliasOf(id) });
    expect(errors).toBeUndefined();
    expect(data!.reviews.count).toBe(accepted.length);
    expect(data!.reviews.reviews).toEqual(
      accepted.map((r) => ({ rating: r.rating, comment: r.comment, author: r.author, reviewDate: r.created_at })),
    );
    const average = accepted.reduce((sum, r) => sum + r.rating, 0) / accepted.length;
    expect(data!.reviews.averageRating).toBeCloseTo(average, 2);
  });

  test('skip and take page through the accepted reviews of the whole shop', async () => {
    const total = (await env.DB.prepare("SELECT COUNT(*) AS n FROM reviews WHERE status = 'ACCEPTED'").first<{
      n: number;
    }>())!.n;
    const first = await graphql(REVIEWS, { take: 3 });
    const second = await graphql(REVIEWS, { skip: 3, take: 3 });
    expect(first.data!.reviews.count).toBe(total);
    expect(first.data!.reviews.reviews).toHaveLength(3);
    const dates = [...first.data!.reviews.reviews, ...second.data!.reviews.reviews].map((r: any) => r.reviewDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test('a take above the limit is refused with a localized message', async () => {
    const { data, errors } = await graphql(REVIEWS, { take: 1000, languageId: 'en-US' });
    expect(data?.reviews).toBeNull();
    expect(errors?.[0]?.message).toBe('Invalid paging: skip must be 0 or more and take between 0 and 100');
  });
});

describe('monitorProductAvailability', () => {
  test('stores one back-in-stock subscription however often the shopper asks', async () => {
    const sku = (await env.DB.prepare(
      'SELECT id FROM skus WHERE stock = 0 AND oversellable = 0 ORDER BY id LIMIT 1',
    ).first<{ id: number }>())!;
    const variables = { email: 'Watcher@Example.com', skuId: sku.id, marketId: 'fi', languageId: 'fi-FI' };
    expect((await graphql(MONITOR, variables)).data).toEqual({ monitorProductAvailability: true });
    expect((await graphql(MONITOR, { ...variables, email: ' watcher@example.com ' })).data).toEqual({
      monitorProductAvailability: true,
    });
    const { results } = await env.DB.prepare(
      'SELECT email, language_id, market_id FROM stock_subscriptions WHERE sku_id = ?',
    )
      .bind(sku.id)
      .all();
    expect(results).toEqual([{ email: 'Watcher@Example.com', language_id: 'fi-FI', market_id: '1|fi' }]);
  });

  test('refuses an invalid email with the spec message and stores nothing', async () => {
    const sku = (await env.DB.prepare('SELECT id FROM skus ORDER BY id LIMIT 1').first<{ id: number }>())!;
    const { data, errors } = await graphql(MONITOR, { email: 'not-an-email', skuId: sku.id });
    expect(data?.monitorProductAvailability).toBeNull();
    expect(errors?.[0]?.message).toBe('Du måste ange en giltig email');
    const stored = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM stock_subscriptions WHERE email = 'not-an-email'",
    ).first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });

  test('refuses a sku that does not exist', async () => {
    const { errors } = await graphql(MONITOR, { email: 'someone@example.com', skuId: 99_999_999 });
    expect(errors?.[0]?.message).toBe('Artikeln finns inte');
  });
});

describe('postProductReview', () => {
  const review = { rating: 5, author: 'Testa T.', comment: 'Skriver fint och torkar snabbt.' };

  test('a guest cannot post a review', async () => {
    const id = await mixedReviewsProductId();
    const { data, errors } = await graphql(POST_REVIEW, { ...review, alias: await aliasOf(id) });
    expect(data?.postProductReview).toBeNull();
    expect(errors?.[0]).toMatchObject({
      message: 'Du måste logga in för att skriva en recension',
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });

  test('a logged-in customer’s review is stored as PENDING and is not published yet', async () => {
    const id = await mixedReviewsProductId();
    const alias = await aliasOf(id);
    const customer = await loggedInCustomer('reviewer@example.com');
    const before = await graphql(REVIEWS, { alias });
    const result = await graphqlAs(customer.token, POST_REVIEW, { ...review, alias, languageId: 'sv-SE' });
    expect(result).toEqual({ data: { postProductReview: true } });
    const stored = await env.DB.prepare(
      'SELECT product_id, rating, author, comment, status, language_id FROM reviews WHERE customer_id = ?',
    )
      .bind(customer.id)
      .all();
    expect(stored.results).toEqual([{ product_id: id, ...review, status: 'PENDING', language_id: 'sv-SE' }]);
    expect((await graphql(REVIEWS, { alias })).data).toEqual(before.data);
  });

  test('a review needs a star rating from 1 to 5 and every field', async () => {
    const alias = await aliasOf(await mixedReviewsProductId());
    const customer = await loggedInCustomer('picky@example.com');
    const noStars = await graphqlAs(customer.token, POST_REVIEW, { ...review, alias, rating: 0 });
    expect(noStars.errors?.[0]?.message).toBe('Använd stjärnorna för att betygsätta produkten');
    const sixStars = await graphqlAs(customer.token, POST_REVIEW, { ...review, alias, rating: 6 });
    expect(sixStars.errors?.[0]?.message).toBe('Använd stjärnorna för att betygsätta produkten');
    const noComment = await graphqlAs(customer.token, POST_REVIEW, { ...review, alias, comment: '  ' });
    expect(noComment.errors?.[0]?.message).toBe('Detta fält är obligatoriskt');
    const noAuthor = await graphqlAs(customer.token, POST_REVIEW, {
      ...review,
      alias,
      author: '',
      languageId: 'en-US',
    });
    expect(noAuthor.errors?.[0]?.message).toBe('This field is required');
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM reviews WHERE customer_id = ?')
      .bind(customer.id)
      .first<{ n: number }>();
    expect(stored!.n).toBe(0);
  });
});
