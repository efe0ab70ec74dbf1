// Issue 12, "Consent before tracking": the tag manager loaded on the first page when GTM_ID was set.
import { describe, expect, test } from 'vitest';
import { createApp } from '../../worker/app';
import { env } from '../helpers';

const app = createApp();
const withTagManager = { ...env, GTM_ID: 'GTM-AB12CD3' };

function page(path: string, cookie = '', bindings: object = withTagManager) {
  return Promise.resolve(app.request(path, { headers: cookie ? { Cookie: cookie } : {} }, bindings));
}

function post(fields: Record<string, string>, cookie = '') {
  return Promise.resolve(
    app.request(
      '/api/consent',
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: 'http://localhost',
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(fields).toString(),
        redirect: 'manual',
      },
      withTagManager,
    ),
  );
}

const pageDataOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="page-data"[^>]*>([^<]*)<\/script>/.exec(html)![1]!) as Record<
    string,
    unknown
  >;

describe('the cookie banner', () => {
  test('with a tag manager configured, a first visit gets the banner with two equal choices and no consent', async () => {
    const html = await (await page('/')).text();
    expect(html).toContain('<section id="cookie-consent" class="consent-banner" aria-labelledby="consent-title"');
    expect(html).toContain('Godkänn alla');
    expect(html).toContain('Endast nödvändiga');
    const buttons = [
      ...html.matchAll(/<button type="submit" class="([^"]+)">(Godkänn alla|Endast nödvändiga)<\/button>/g),
    ];
    expect(buttons.map((match) => match[1])).toEqual([
      'button button--primary consent-form__button',
      'button button--primary consent-form__button',
    ]);
    expect(pageDataOf(html)).toMatchObject({ gtm_id: 'GTM-AB12CD3', consent: null });
  });

  test('a shop without a tag manager asks nothing', async () => {
    const html = await (await page('/', '', env)).text();
    expect(html).not.toContain('consent-banner');
    expect(html).not.toContain('Cookieinställningar');
  });

  test('accept and reject are stored in one cookie for a year and respected on the next page', async () => {
    const accepted = await post({ choice: 'accept', redirect: '/en' });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('Location')).toBe('/en');
    expect(accepted.headers.get('Set-Cookie')).toMatch(
      /^ralph-consent=accepted; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    const after = await (await page('/en', 'ralph-consent=accepted')).text();
    expect(after).not.toContain('consent-banner');
    expect(pageDataOf(after)).toMatchObject({ consent: 'accepted' });
    expect(after).toContain('Cookie settings');

    const rejected = await post({ choice: 'reject', redirect: '/' });
    expect(rejected.headers.get('Set-Cookie')).toMatch(/^ralph-consent=rejected;/);
    const quiet = await (await page('/', 'ralph-consent=rejected')).text();
    expect(pageDataOf(quiet)).toMatchObject({ consent: 'rejected' });
    expect(quiet).toContain('Du använder bara nödvändiga cookies.');
  });

  test('the footer asks again: the choice is forgotten and the banner is back', async () => {
    const asked = await post({ choice: 'ask', redirect: '/' }, 'ralph-consent=accepted');
    expect(asked.status).toBe(303);
    expect(asked.headers.get('Set-Cookie')).toMatch(/^ralph-consent=; Max-Age=0; Path=\//);
  });

  test('a choice that is not one, or a post from another site, changes nothing', async () => {
    const odd = await post({ choice: 'everything', redirect: '/' });
    expect(odd.status).toBe(400);
    expect(odd.headers.get('Set-Cookie') ?? '').not.toContain('ralph-consent');
    const crossSite = await Promise.resolve(
      app.request(
        '/api/consent',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
          body: 'choice=accept&redirect=%2F',
        },
        withTagManager,
      ),
    );
    expect(crossSite.status).toBe(403);
  });
});
