// Spec §3: the channel's theme map becomes the pages' style variables. The owner edits it at /admin/theme;
// the shop (kept pages too) shows it from the next view, in a nonced <style> the page's policy allows; a
// value the theme does not take changes nothing and says why; only the owner may change it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env, fetchWorker, settle } from '../helpers';
import { createProduct } from './factories';
import { addStaffMember, admin, noticeCookie, OWNER, serveTeamCerts, textOf } from './admin-helpers';

const STAFF = 'tema-personal@kontorsgiganten.se';
let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
  await addStaffMember(STAFF, 'staff');
});
afterAll(() => stop());

/** Every field of the form as the owner sends it: the stylesheet's values with `changes`. */
function themeForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    'accent-color': '#fdd600',
    'accent-color-strong': '#e6c200',
    'text-color': '#16181d',
    'text-color-soft': '#4a4f5a',
    'background-color': '#f6f6f3',
    'surface-color': '#ffffff',
    'line-color': '#e3e5ea',
    'sale-color': '#b3122b',
    'success-color': '#146c2e',
    'focus-color': '#1652f0',
    radius: '10',
    'radius-small': '6',
    ...changes,
  };
}

async function view(path: string) {
  const response = await fetchWorker(path);
  const html = await response.text();
  return {
    cache: response.headers.get('x-page-cache'),
    csp: response.headers.get('content-security-policy') ?? '',
    style: /<style nonce="([^"]*)">([^<]*)<\/style>/.exec(html),
    themeColour: /<meta name="theme-color" content="([^"]*)"\/>/.exec(html)?.[1],
  };
}

const rows = () =>
  env.DB.prepare('SELECT key, value FROM storefront_theme ORDER BY key')
    .all()
    .then((result) => result.results);

describe('the theme', () => {
  test('a shop never themed adds nothing: no <style>, the theme colour #FDD600, and the nonce is allowed for styles', async () => {
    const page = await view('/varumarken');
    expect(page.style).toBeNull();
    expect(page.themeColour).toBe('#FDD600');
    const nonce = /script-src 'nonce-([^']+)'/.exec(page.csp)?.[1];
    expect(page.csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
  });

  test('the owner’s accent colour and radius show on a kept page at once, nonced, and are logged', async () => {
    const product = await createProduct({ name: 'Temapenna' });
    const path = `/p/${product.alias}`;
    expect((await view(path)).cache).toBe('miss');
    await settle(200);
    expect((await view(path)).cache).toBe('hit');

    const saved = await admin('/admin/theme', {
      as: OWNER,
      form: themeForm({ 'accent-color': '#0A7D3C', radius: '4' }),
    });
    expect(saved.status).toBe(303);
    const notice = textOf(await (await admin('/admin/theme', { as: OWNER, cookie: noticeCookie(saved) })).text());
    expect(notice).toContain('Temat är sparat och syns i butiken.');

    const themed = await view(path);
    expect(themed.cache).toBe('miss');
    expect(themed.style?.[2]).toBe(':root{--color-brand:#0a7d3c;--radius:4px}');
    expect(themed.csp).toContain(`'nonce-${themed.style?.[1]}'`);
    expect(themed.themeColour).toBe('#0a7d3c');
    await settle(200);
    const keptThemed = await view(path);
    expect(keptThemed.cache).toBe('hit');
    expect(keptThemed.style?.[2]).toBe(':root{--color-brand:#0a7d3c;--radius:4px}');
    expect(keptThemed.csp).toContain(`'nonce-${keptThemed.style?.[1]}'`);

    expect(await rows()).toEqual([
      { key: 'accent-color', value: '#0a7d3c' },
      { key: 'radius', value: '4px' },
    ]);
    const audit = await env.DB.prepare(
      "SELECT staff_email, before_json, after_json FROM staff_audit WHERE action = 'theme.save' ORDER BY id DESC LIMIT 1",
    ).first();
    expect(audit).toEqual({
      staff_email: OWNER,
      before_json: '{}',
      after_json: '{"accent-color":"#0a7d3c","radius":"4px"}',
    });

    // Restoring the default theme takes the <style> away again.
    const reset = await admin('/admin/theme/reset', { as: OWNER, form: {} });
    expect(reset.status).toBe(303);
    const plain = await view(path);
    expect(plain.style).toBeNull();
    expect(plain.themeColour).toBe('#FDD600');
    expect(await rows()).toEqual([]);
  });

  test('a value the theme does not take changes nothing and says which field and why', async () => {
    await admin('/admin/theme', { as: OWNER, form: themeForm({ 'sale-color': '#aa0000' }) });
    const refused: [Record<string, string>, string][] = [
      [
        { 'accent-color': 'red' },
        'Accentfärg (sidhuvud, knappar): ange en färg som #rrggbb, till exempel #fdd600. Inget sparades.',
      ],
      [{ 'accent-color': '#0a7d3c;}body{display:none' }, 'Accentfärg (sidhuvud, knappar): ange en färg som #rrggbb'],
      [{ 'text-color': '</style><script>alert(1)</script>' }, 'Textfärg: ange en färg som #rrggbb'],
      [{ 'line-color': '#12345' }, 'Linjer: ange en färg som #rrggbb'],
      [{ radius: '25' }, 'Rundning av kort och knappar: ange ett helt antal pixlar från 0 till 24. Inget sparades.'],
      [{ radius: '4em' }, 'Rundning av kort och knappar: ange ett helt antal pixlar från 0 till 24.'],
      [{ 'radius-small': '-1' }, 'Rundning av små delar: ange ett helt antal pixlar från 0 till 16.'],
      [{ 'radius-small': '' }, 'Rundning av små delar: ange ett helt antal pixlar från 0 till 16.'],
    ];
    for (const [changes, message] of refused) {
      const answer = await admin('/admin/theme', {
        as: OWNER,
        form: themeForm({ ...changes, 'sale-color': '#00aa00' }),
      });
      expect(answer.status).toBe(400);
      const html = await answer.text();
      expect(textOf(html)).toContain(message);
      expect(html).toContain('aria-invalid="true"');
    }
    expect(await rows()).toEqual([{ key: 'sale-color', value: '#aa0000' }]);
    expect((await view('/varumarken')).style?.[2]).toBe(':root{--color-sale:#aa0000}');
    await admin('/admin/theme/reset', { as: OWNER, form: {} });
  });

  test('only the owner changes it: staff and a post from another site change nothing', async () => {
    const staff = await admin('/admin/theme', { as: STAFF, form: themeForm({ 'accent-color': '#000000' }) });
    expect(staff.status).toBe(403);
    const crossSite = await admin('/admin/theme', {
      as: OWNER,
      origin: 'https://evil.example',
      form: themeForm({ 'accent-color': '#000000' }),
    });
    expect(crossSite.status).toBe(403);
    expect(await rows()).toEqual([]);
  });
});
