// Issue 27: who gets into the back office. Behind Cloudflare Access the worker verifies the application
// token on every request and maps its address to a staff role kept in D1; without Access configured, /admin
// is the 404 page; `npm run dev` signs in its local owner. Attacks: no token, a forged one, another
// application's, an expired one, an address that is not staff, a viewer writing, a post from another site.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env } from '../helpers';
import { createProduct, createReview } from './factories';
import {
  accessToken,
  addStaffMember,
  admin,
  devShop,
  noticeCookie,
  OWNER,
  serveTeamCerts,
  textOf,
} from './admin-helpers';

let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
  await addStaffMember('lager@kontorsgiganten.se', 'staff');
  await addStaffMember('revisor@kontorsgiganten.se', 'viewer');
});
afterAll(() => stop());

const reviewStatus = async (id: number) =>
  (await env.DB.prepare('SELECT status FROM reviews WHERE id = ?').bind(id).first<{ status: string }>())!.status;
const auditCount = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_audit').first<{ n: number }>())!.n;

describe('who gets into /admin', () => {
  test('without Access configured, /admin is the shop’s 404 page', async () => {
    const response = await admin('/admin', { environment: env });
    expect(response.status).toBe(404);
    expect(textOf(await response.text())).toContain('Felkod 404 Sidan du söker kunde tyvärr inte hittas');
    expect((await admin('/admin/reviews', { environment: env })).status).toBe(404);
  });

  test('npm run dev signs in the local owner', async () => {
    const response = await admin('/admin', { environment: devShop });
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const text = textOf(await response.text());
    expect(text).toContain('Inloggad som owner@localhost (ägare)');
    expect(text).toContain('Recensioner att granska');
  });

  test('the configured owner and a staff member get in with their role', async () => {
    const owner = textOf(await (await admin('/admin', { as: 'Agare@Kontorsgiganten.se' })).text());
    expect(owner).toContain(`Inloggad som ${OWNER} (ägare)`);
    expect(owner).toContain('Personal');
    const staff = await admin('/admin', { as: 'lager@kontorsgiganten.se' });
    expect(staff.status).toBe(200);
    const text = textOf(await staff.text());
    expect(text).toContain('Inloggad som lager@kontorsgiganten.se (personal)');
    // The owner's pages are not in a staff member's navigation, nor open to them.
    expect(text).not.toContain('Logg');
    expect((await admin('/admin/audit', { as: 'lager@kontorsgiganten.se' })).status).toBe(403);
    expect((await admin('/admin/staff', { as: 'lager@kontorsgiganten.se' })).status).toBe(403);
  });

  test('no token, a forged one, another application’s, another team’s, an expired one: 403, and nothing shown', async () => {
    const refused = [
      undefined,
      await accessToken(OWNER, { forged: true }),
      await accessToken(OWNER, { aud: 'c'.repeat(64) }),
      await accessToken(OWNER, { iss: 'https://andra.cloudflareaccess.com' }),
      await accessToken(OWNER, { expiresIn: '-1m' }),
      'not.a.token',
    ];
    for (const token of refused) {
      const response = await admin('/admin/reviews', { token });
      expect(response.status).toBe(403);
      const text = textOf(await response.text());
      expect(text).toContain('Du har inte behörighet till administrationen');
      expect(text).not.toContain('Recensioner att granska');
    }
  });

  test('a valid token for an address that is not staff gets 403', async () => {
    const response = await admin('/admin', { as: 'kund@example.com' });
    expect(response.status).toBe(403);
    expect(textOf(await response.text())).toContain('Be butikens ägare lägga till din e-postadress');
  });

  test('a viewer reads the queue but cannot accept a review', async () => {
    const product = await createProduct();
    const review = await createReview(product.id);
    const page = textOf(await (await admin('/admin/reviews', { as: 'revisor@kontorsgiganten.se' })).text());
    expect(page).toContain('Du har läsbehörighet: du kan se men inte ändra.');
    expect(page).not.toContain('Godkänn');
    const before = await auditCount();
    const response = await admin(`/admin/reviews/${review}/accept`, { as: 'revisor@kontorsgiganten.se', form: {} });
    expect(response.status).toBe(403);
    expect(textOf(await response.text())).toContain('Din roll får bara läsa');
    expect(await reviewStatus(review)).toBe('PENDING');
    expect(await auditCount()).toBe(before);
  });

  test('a form posted from another site changes nothing', async () => {
    const product = await createProduct();
    const review = await createReview(product.id);
    const response = await admin(`/admin/reviews/${review}/accept`, {
      as: OWNER,
      form: {},
      origin: 'https://angripare.example',
    });
    expect(response.status).toBe(403);
    expect(textOf(await response.text())).toContain('Formuläret kom från en annan webbplats och ändrade ingenting.');
    expect(await reviewStatus(review)).toBe('PENDING');
  });

  test('the staff member’s language is English once chosen, and the choice stays on /admin', async () => {
    const chosen = await admin('/admin/language', { as: OWNER, form: { language: 'en', back: '/admin/reviews' } });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('Location')).toBe('/admin/reviews');
    const cookie = /admin-language=en/.exec(chosen.headers.get('Set-Cookie') ?? '')![0];
    expect(chosen.headers.get('Set-Cookie')).toContain('Path=/admin');
    const page = await admin('/admin/reviews', { as: OWNER, cookie });
    const text = textOf(await page.text());
    expect(text).toContain('Reviews to moderate');
    expect(text).toContain(`Signed in as ${OWNER} (owner)`);
    // Somewhere off the site is not a way back.
    const away = await admin('/admin/language', { as: OWNER, form: { language: 'en', back: '//angripare.example/' } });
    expect(away.headers.get('Location')).toBe('/admin');
  });

  test('an unknown address under /admin is the back office’s 404', async () => {
    const response = await admin('/admin/finns-inte', { as: OWNER });
    expect(response.status).toBe(404);
    expect(textOf(await response.text())).toContain('Sidan finns inte.');
    expect(noticeCookie(response)).toBe('');
  });
});
