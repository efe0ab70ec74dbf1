// The footer's newsletter signup (spec §1, §5; issue 5 footer): a plain POST form to /api/newsletter that
// subscribes in the language and market of the page and comes back to it with the answer below the form.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { CookieJar, postForm } from './forms-helpers';

async function subscription(email: string) {
  return env.DB.prepare(
    'SELECT language_id AS languageId, market_id AS marketId FROM newsletter_subscriptions WHERE email = ?',
  )
    .bind(email)
    .first<{ languageId: string; marketId: string }>();
}

/** The footer's newsletter form. */
function newsletterForm(html: string): string {
  const match = /<section id="newsletter"[\s\S]*?<\/section>/.exec(html);
  if (!match) throw new Error('no newsletter form');
  return match[0];
}

describe('newsletter signup', () => {
  test('the footer has a labelled email field posting to /api/newsletter with this page as redirect', async () => {
    const form = newsletterForm(await (await fetchWorker('/en/brands?page=2')).text());
    expect(form).toMatch(/<form class="newsletter__form" (?=[^>]*method="post")(?=[^>]*action="\/api\/newsletter")/);
    expect(form).toContain('<input type="hidden" name="redirect" value="/en/brands?page=2"/>');
    expect(form).toContain('<label class="newsletter__label" for="newsletter-email">Email address</label>');
    expect(form).toMatch(/<input id="newsletter-email"(?=[^>]*type="email")(?=[^>]*name="email")(?=[^>]*required)/);
  });

  test('a valid address is asked to confirm in the page language and market, and the page says to check the mail', async () => {
    const jar = new CookieJar({ 'ralph-selected-market': 'fi' });
    const response = await postForm('/api/newsletter', { email: ' Ny.Kund@Example.com ', redirect: '/en/brands' }, jar);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/en/brands?newsletter=ok#newsletter');
    expect(await subscription('ny.kund@example.com')).toEqual({ languageId: 'en-US', marketId: '1|fi' });

    const page = await fetchWorker('/en/brands?newsletter=ok', { headers: { Cookie: jar.header() } });
    expect(page.headers.get('Cache-Control')).toBe('private, no-store');
    const form = newsletterForm(await page.text());
    expect(form).toContain(
      'role="status">Thank you! We have sent you an email. Click the link in it to confirm your subscription.</p>',
    );
    // The next signup from here comes back without the old answer.
    expect(form).toContain('<input type="hidden" name="redirect" value="/en/brands"/>');
  });

  test("an invalid address stores nothing and the page says so in the spec's words", async () => {
    const response = await postForm('/api/newsletter', { email: 'inte-en-adress', redirect: '/' });
    expect(response.headers.get('Location')).toBe('/?newsletter=invalid-email#newsletter');
    const { n } = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM newsletter_subscriptions WHERE email = 'inte-en-adress'",
    ).first<{ n: number }>())!;
    expect(n).toBe(0);
    const form = newsletterForm(await (await fetchWorker('/?newsletter=invalid-email')).text());
    expect(form).toContain('role="alert">Du måste ange en giltig email</p>');
    expect(form).toMatch(/aria-invalid="true"/);
  });

  test('a redirect to another site is refused with 400, a post from another site with 403', async () => {
    expect((await postForm('/api/newsletter', { email: 'a@example.com', redirect: '//evil.example' })).status).toBe(
      400,
    );
    const foreign = await postForm('/api/newsletter', { email: 'b@example.com', redirect: '/' }, new CookieJar(), {
      Origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(await subscription('b@example.com')).toBeNull();
  });
});
