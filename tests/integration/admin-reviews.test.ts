// Issue 27, reviews (spec §4: published after acceptance): staff accept a waiting review and it shows on
// the product page at once, the kept page too; a rejection needs a reason; a review is decided once, however
// many staff press at the same moment; every decision is in the audit log the owner reads.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { createProduct, createReview } from './factories';
import { addStaffMember, admin, noticeCookie, OWNER, serveTeamCerts, textOf } from './admin-helpers';

const STAFF = 'butik@kontorsgiganten.se';
let stop: () => void;
beforeAll(async () => {
  stop = await serveTeamCerts();
  await addStaffMember(STAFF, 'staff');
});
afterAll(() => stop());

const review = async (id: number) =>
  (await env.DB.prepare('SELECT status, decided_by, rejection_reason FROM reviews WHERE id = ?')
    .bind(id)
    .first<{ status: string; decided_by: string | null; rejection_reason: string | null }>())!;
const auditOf = async (id: number) =>
  (
    await env.DB.prepare(
      'SELECT staff_email, action, before_json, after_json FROM staff_audit WHERE subject LIKE ? ORDER BY id',
    )
      .bind(`review:${id} %`)
      .all<{ staff_email: string; action: string; before_json: string; after_json: string }>()
  ).results;

/** A product page as the page cache keeps it: the first view renders it, the second is served from it. */
async function keptProductPage(alias: string): Promise<string> {
  await (await fetchWorker(`/p/${alias}`)).text();
  return textOf(await (await fetchWorker(`/p/${alias}`)).text());
}

describe('the review queue', () => {
  test('waiting reviews are listed oldest first with their product, rating and text', async () => {
    const product = await createProduct({ name: 'Kulspetspenna Köad' });
    const first = await createReview(product.id, { author: 'Första', rating: 5, comment: 'Först in.' });
    await createReview(product.id, { author: 'Andra', rating: 2, comment: 'Sist in.' });
    // The seed's own waiting reviews come first: these two are the newest, on the last page.
    const firstPage = textOf(await (await admin('/admin/reviews', { as: STAFF })).text());
    expect(firstPage).toContain('Nobo Standard Blädderblock rutat Betyg : 5 av 5 · Skribent : John O.');
    const last = /Sida 1 \/ (\d+)/.exec(firstPage)![1];
    const html = await (await admin(`/admin/reviews?page=${last}`, { as: STAFF })).text();
    const text = textOf(html);
    expect(text).toContain('Kulspetspenna Köad');
    expect(text).toContain('Betyg : 5 av 5 · Skribent : Första');
    expect(text.indexOf('Först in.')).toBeLessThan(text.indexOf('Sist in.'));
    expect(html).toContain(`action="/admin/reviews/${first}/accept"`);
    expect(html).toContain(`href="/p/${product.alias}"`);
  });

  test('an accepted review shows on the product page at once, the kept page too, and is logged', async () => {
    const product = await createProduct({ name: 'Blyertspenna Recenserad' });
    const id = await createReview(product.id, { author: 'Lena', rating: 5, comment: 'Bästa pennan i lådan.' });
    expect(await keptProductPage(product.alias)).not.toContain('Bästa pennan i lådan.');
    const accepted = await admin(`/admin/reviews/${id}/accept`, { as: STAFF, form: {} });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('Location')).toBe('/admin/reviews');
    const next = textOf(await (await admin('/admin/reviews', { as: STAFF, cookie: noticeCookie(accepted) })).text());
    expect(next).toContain('Recensionen är godkänd och syns på produktsidan.');
    expect(next).not.toContain('Bästa pennan i lådan.');
    expect(textOf(await (await fetchWorker(`/p/${product.alias}`)).text())).toContain('Bästa pennan i lådan.');
    expect(await review(id)).toEqual({ status: 'ACCEPTED', decided_by: STAFF, rejection_reason: null });
    expect(await auditOf(id)).toEqual([
      {
        staff_email: STAFF,
        action: 'review.accept',
        before_json: '{"status":"PENDING","author":"Lena","rating":5}',
        after_json: '{"status":"ACCEPTED"}',
      },
    ]);
  });

  test('a rejection needs a reason, keeps it, and the review never shows', async () => {
    const product = await createProduct();
    const id = await createReview(product.id, { comment: 'Köp hos konkurrenten i stället!' });
    const bare = await admin(`/admin/reviews/${id}/reject`, { as: STAFF, form: { reason: '   ' } });
    const notice = textOf(await (await admin('/admin/reviews', { as: STAFF, cookie: noticeCookie(bare) })).text());
    expect(notice).toContain('Skriv ett skäl till avvisningen (högst 500 tecken).');
    expect((await review(id)).status).toBe('PENDING');
    await admin(`/admin/reviews/${id}/reject`, { as: STAFF, form: { reason: 'Reklam för en annan butik.' } });
    expect(await review(id)).toEqual({
      status: 'REJECTED',
      decided_by: STAFF,
      rejection_reason: 'Reklam för en annan butik.',
    });
    expect(textOf(await (await fetchWorker(`/p/${product.alias}`)).text())).not.toContain('konkurrenten');
  });

  test('two staff deciding the same review at once: one decision, one log entry', async () => {
    const product = await createProduct();
    const id = await createReview(product.id);
    const [one, two] = await Promise.all([
      admin(`/admin/reviews/${id}/accept`, { as: STAFF, form: {} }),
      admin(`/admin/reviews/${id}/reject`, { as: OWNER, form: { reason: 'Dubblett.' } }),
    ]);
    const notices = await Promise.all(
      [one, two].map(async (response) =>
        textOf(await (await admin('/admin/reviews', { as: OWNER, cookie: noticeCookie(response) })).text()),
      ),
    );
    expect(notices.filter((text) => text.includes('Recensionen är redan granskad eller finns inte.'))).toHaveLength(1);
    expect(await auditOf(id)).toHaveLength(1);
    expect(['ACCEPTED', 'REJECTED']).toContain((await review(id)).status);
  });

  test('the owner reads every decision in the log', async () => {
    const product = await createProduct();
    const id = await createReview(product.id, { author: 'Loggad' });
    await admin(`/admin/reviews/${id}/accept`, { as: STAFF, form: {} });
    const log = textOf(await (await admin('/admin/audit', { as: OWNER })).text());
    expect(log).toContain(`${STAFF} review.accept review:${id} product:${product.id}`);
    expect(log).toContain('"author": "Loggad"');
  });
});
