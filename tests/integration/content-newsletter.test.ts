import { describe, expect, test } from 'vitest';
import { env, graphql } from '../helpers';
import newsletterOperation from '../fixtures/ralph-operations/global/newsletter.graphql?raw';

async function subscriptions(email: string) {
  const { results } = await env.DB.prepare(
    'SELECT email, language_id AS languageId, market_id AS marketId, created_at AS createdAt FROM newsletter_subscriptions WHERE email = ?',
  )
    .bind(email)
    .all<{ email: string; languageId: string; marketId: string; createdAt: string }>();
  return results;
}

describe('subscribeToNewsletter', () => {
  test('subscribing stores the address with the language and market it was made in', async () => {
    const { data, errors } = await graphql(newsletterOperation, {
      email: 'anna@example.se',
      languageId: 'da-DK',
      marketId: 'dk',
    });
    expect(errors).toBeUndefined();
    expect(data?.subscribeToNewsletter).toBe(true);
    expect(await subscriptions('anna@example.se')).toMatchObject([
      { email: 'anna@example.se', languageId: 'da-DK', marketId: '1|dk' },
    ]);
  });

  test('subscribing twice is no error and keeps one row, whatever the case of the address', async () => {
    const first = await graphql(newsletterOperation, { email: 'bo@example.se', languageId: 'sv-SE', marketId: 'se' });
    const [before] = await subscriptions('bo@example.se');
    const again = await graphql(newsletterOperation, { email: ' Bo@Example.se ', languageId: 'fi-FI', marketId: 'fi' });
    expect([first.data?.subscribeToNewsletter, again.data?.subscribeToNewsletter]).toEqual([true, true]);
    const rows = await subscriptions('bo@example.se');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ languageId: 'fi-FI', marketId: '1|fi', createdAt: before!.createdAt });
  });

  test('a bad address is refused with the message in English and stores nothing', async () => {
    const { data, errors } = await graphql(newsletterOperation, { email: 'not-an-email', languageId: 'en-US' });
    expect(data?.subscribeToNewsletter).toBeNull();
    expect(errors?.[0]?.message).toBe('You must enter a valid email');
    expect(await subscriptions('not-an-email')).toEqual([]);
  });

  test('a bad address is refused with the spec’s Swedish message when the shop speaks Swedish', async () => {
    const { errors } = await graphql(newsletterOperation, { email: 'anna@', languageId: 'sv-SE' });
    expect(errors?.[0]?.message).toBe('Du måste ange en giltig email');
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE email = ?')
      .bind('anna@')
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });
});
