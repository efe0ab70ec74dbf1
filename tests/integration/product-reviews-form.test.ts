// Issue 14, writing a review on the product page (spec §4 'published after acceptance; require login',
// §5 'Review needs all inputs and star rating', §6): the plain form POST /api/reviews and what the
// product page shows a guest and a customer before and after it.
import { describe, expect, test } from 'vitest';
import { env, fetchWorker } from '../helpers';
import { CookieJar, flashNotice, getPage, postForm } from './forms-helpers';
import { createCustomer, createProduct } from './factories';
import { graphqlAs } from './cart-helpers';
import { referenceOperation } from '../operations';

const POST_REVIEW = referenceOperation('product/post-product-review.graphql');

interface StoredReview {
  product_id: number;
  author: string;
  rating: number;
  comment: string;
  status: string;
  language_id: string;
}

async function reviewsBy(customerId: number): Promise<StoredReview[]> {
  const { results } = await env.DB.prepare(
    'SELECT product_id, author, rating, comment, status, language_id FROM reviews WHERE customer_id = ? ORDER BY id',
  )
    .bind(customerId)
    .all<StoredReview>();
  return results;
}

/** The review form's section of a product page. */
function reviewSection(body: string): string {
  const start = body.indexOf('<section class="review-form"');
  return start < 0 ? '' : body.slice(start, body.indexOf('</section>', start) + '</section>'.length);
}

/** The star ratings checked in the form (the radios' values). */
function checkedStars(section: string): string[] {
  return [...section.matchAll(/<input class="star-rating__input"[^>]*>/g)]
    .filter(([tag]) => / checked=""/.test(tag))
    .map(([tag]) => / value="(\d)"/.exec(tag)![1]!);
}

/** A customer with a first name, logged in through the auth cookie, and a fresh product without reviews. */
async function customerAndProduct(firstName: string | null = 'Karin') {
  const customer = await createCustomer();
  await env.DB.prepare('UPDATE customers SET first_name = ? WHERE id = ?').bind(firstName, customer.id).run();
  const product = await createProduct();
  return { customer, product, jar: new CookieJar({ 'ralph-auth': customer.token }) };
}

const review = (alias: string, fields: Record<string, string> = {}) => ({
  alias,
  page: `/p/${alias}`,
  rating: '4',
  author: 'Karin L.',
  comment: 'Skriver jämnt och torkar snabbt.',
  ...fields,
});

describe('the review form on the product page', () => {
  test('a guest sees a prompt to log in that comes back to the form, and no form', async () => {
    const product = await createProduct();
    const response = await fetchWorker(`/p/${product.alias}`);
    const section = reviewSection(await response.text());
    expect(section).toContain('Logga in för att skriva ett omdöme om produkten.');
    expect(section).toContain(
      `<a class="button button--secondary" href="/account?redirect=%2Fp%2F${product.alias}%23write-review">Logga in och skriv ett omdöme</a>`,
    );
    expect(section).not.toContain('<form');
    // The guest's page shows nobody's data: a shared cache may keep it.
    expect(response.headers.get('Cache-Control') ?? '').not.toContain('private');
  });

  test('a customer gets the form with their first name filled in, on a page no cache keeps', async () => {
    const { product, jar } = await customerAndProduct('Karin');
    const response = await fetchWorker(`/p/${product.alias}`, { headers: { Cookie: jar.header() } });
    const section = reviewSection(await response.text());
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(section).toMatch(/<form class="review-form__form"[^>]* action="\/api\/reviews" method="post">/);
    expect(checkedStars(section)).toEqual([]);
    expect(section).toContain('name="author" value="Karin"');
    for (const stars of [1, 2, 3, 4, 5]) expect(section).toContain(`${stars} av 5 stjärnor`);
  });

  test('a guest’s post stores nothing and is sent to log in; what they typed waits on the product', async () => {
    const { customer, product } = await customerAndProduct();
    const guest = new CookieJar();
    const response = await postForm('/api/reviews', review(product.alias), guest);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/account?redirect=%2Fp%2F${product.alias}%23write-review`);
    expect(
      await env.DB.prepare('SELECT COUNT(*) AS n FROM reviews WHERE product_id = ?').bind(product.id).first(),
    ).toEqual({
      n: 0,
    });
    expect(flashNotice(await getPage('/account', guest))?.text).toBe(
      'Logga in för att skriva ett omdöme. Det du skrev finns kvar när du kommer tillbaka till produkten.',
    );
    // Logged in (the same browser), back on the product: the text is still there.
    guest.cookies.set('ralph-auth', customer.token);
    const section = reviewSection(await getPage(`/p/${product.alias}`, guest));
    expect(section).toContain('Skriver jämnt och torkar snabbt.</textarea>');
    expect(checkedStars(section)).toEqual(['4']);
  });

  test('without stars the review is refused with the spec’s message, and what was typed is kept', async () => {
    const { customer, product, jar } = await customerAndProduct();
    const response = await postForm('/api/reviews', review(product.alias, { rating: '' }), jar);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/p/${product.alias}#write-review`);
    expect(await reviewsBy(customer.id)).toEqual([]);
    const section = reviewSection(await getPage(`/p/${product.alias}`, jar));
    expect(section).toContain(
      '<p class="field__error" id="review-rating-error">Använd stjärnorna för att betygsätta produkten</p>',
    );
    expect(section).toContain('aria-describedby="review-rating-error"');
    expect(section).toContain('name="author" value="Karin L."');
    expect(section).toContain('>Skriver jämnt och torkar snabbt.</textarea>');
    expect(section).toContain('Omdömet är inte skickat. Rätta det som är markerat nedan.');
    // Shown once: a reload starts clean.
    expect(reviewSection(await getPage(`/p/${product.alias}`, jar))).not.toContain('field__error');
  });

  test('a star rating outside 1–5 counts as none', async () => {
    const { customer, product, jar } = await customerAndProduct();
    for (const rating of ['0', '6', '4.5', 'fem']) {
      await postForm('/api/reviews', review(product.alias, { rating }), jar);
      expect(reviewSection(await getPage(`/p/${product.alias}`, jar)), rating).toContain(
        'Använd stjärnorna för att betygsätta produkten',
      );
    }
    expect(await reviewsBy(customer.id)).toEqual([]);
  });

  test('the name and the review are required, each with its message under the field', async () => {
    const { customer, product, jar } = await customerAndProduct();
    await postForm('/api/reviews', review(product.alias, { author: '  ', comment: '' }), jar);
    expect(await reviewsBy(customer.id)).toEqual([]);
    const section = reviewSection(await getPage(`/p/${product.alias}`, jar));
    expect(section).toContain('<p class="field__error" id="review-author-error">Detta fält är obligatoriskt</p>');
    expect(section).toContain('<p class="field__error" id="review-comment-error">Detta fält är obligatoriskt</p>');
    expect(section).toContain('aria-describedby="review-author-hint review-author-error"');
    expect(checkedStars(section)).toEqual(['4']);
  });

  test('a sent review is stored as PENDING, not shown, and the page says it is published after acceptance', async () => {
    const { customer, product, jar } = await customerAndProduct();
    const response = await postForm('/api/reviews', review(product.alias, { author: ' Karin L. ' }), jar);
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/p/${product.alias}#write-review`);
    expect(await reviewsBy(customer.id)).toEqual([
      {
        product_id: product.id,
        author: 'Karin L.',
        rating: 4,
        comment: 'Skriver jämnt och torkar snabbt.',
        status: 'PENDING',
        language_id: 'sv-SE',
      },
    ]);
    const body = await getPage(`/p/${product.alias}`, jar);
    expect(reviewSection(body)).toContain(
      '<p class="notice notice--success" role="status">Tack för ditt omdöme! Det publiceras när vi har granskat och godkänt det.</p>',
    );
    expect(body).toContain('Ingen har skrivit ett omdöme om produkten ännu.');
    expect(body).not.toContain('class="review-list"');
  });

  test('a second review of the same product waits until the first is accepted', async () => {
    const { customer, product, jar } = await customerAndProduct();
    await postForm('/api/reviews', review(product.alias), jar);
    await getPage(`/p/${product.alias}`, jar);
    await postForm('/api/reviews', review(product.alias, { comment: 'Och en gång till.' }), jar);
    const section = reviewSection(await getPage(`/p/${product.alias}`, jar));
    expect(section).toContain('Du har redan ett omdöme om produkten som väntar på granskning');
    expect(section).toContain('>Och en gång till.</textarea>');
    expect((await reviewsBy(customer.id)).map((row) => row.comment)).toEqual(['Skriver jämnt och torkar snabbt.']);

    await env.DB.prepare("UPDATE reviews SET status = 'ACCEPTED' WHERE customer_id = ?").bind(customer.id).run();
    await postForm('/api/reviews', review(product.alias, { comment: 'Och en gång till.' }), jar);
    expect((await reviewsBy(customer.id)).map((row) => row.status)).toEqual(['ACCEPTED', 'PENDING']);
  });

  test('attack: a review of a product that does not exist stores nothing', async () => {
    const { customer, product, jar } = await customerAndProduct();
    const response = await postForm(
      '/api/reviews',
      { ...review('finns-inte-alls-123'), page: `/p/${product.alias}` },
      jar,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(`/p/${product.alias}`);
    expect(flashNotice(await getPage(`/p/${product.alias}`, jar))?.text).toBe('Produkten kunde inte hittas');
    expect(await reviewsBy(customer.id)).toEqual([]);
  });

  test('attack: a form whose way back leads off the site is refused', async () => {
    const { customer, product, jar } = await customerAndProduct();
    const response = await postForm('/api/reviews', review(product.alias, { page: '//evil.example/p' }), jar);
    expect(response.status).toBe(400);
    expect(await reviewsBy(customer.id)).toEqual([]);
  });

  test('attack: HTML in a review is kept as text and shown escaped, in the form and once published', async () => {
    const { customer, product, jar } = await customerAndProduct();
    const comment = '<script>alert("xss")</script><img src=x onerror=alert(1)>';
    await postForm('/api/reviews', review(product.alias, { rating: '', comment, author: '<b>Karin</b>' }), jar);
    const refused = reviewSection(await getPage(`/p/${product.alias}`, jar));
    expect(refused).toContain('&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(refused).toContain('value="&lt;b&gt;Karin&lt;/b&gt;"');
    expect(refused).not.toContain('<script>');

    await postForm('/api/reviews', review(product.alias, { comment, author: '<b>Karin</b>' }), jar);
    expect((await reviewsBy(customer.id)).map((row) => row.comment)).toEqual([comment]);
    await env.DB.prepare("UPDATE reviews SET status = 'ACCEPTED' WHERE customer_id = ?").bind(customer.id).run();
    const page = await getPage(`/p/${product.alias}`, new CookieJar());
    expect(page).toContain(
      '<p class="review__comment">&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</p>',
    );
    expect(page).not.toContain('<img src=x');
  });

  test('in English the form and its messages are in English', async () => {
    const { customer, product, jar } = await customerAndProduct();
    const alias = `${product.alias}-en`;
    await postForm('/api/reviews', review(alias, { page: `/en/p/${alias}`, rating: '', author: '' }), jar);
    const section = reviewSection(await getPage(`/en/p/${alias}`, jar));
    expect(section).toContain('Use the stars to rate the product');
    expect(section).toContain('This field is required');
    await postForm('/api/reviews', review(alias, { page: `/en/p/${alias}`, rating: '5' }), jar);
    expect(reviewSection(await getPage(`/en/p/${alias}`, jar))).toContain(
      'Thank you for your review! It will be published once we have checked and accepted it.',
    );
    expect((await reviewsBy(customer.id)).map((row) => [row.rating, row.language_id])).toEqual([[5, 'en-US']]);
  });

  test('attack: a script posting reviews is stopped after ten in a day', async () => {
    const { customer } = await customerAndProduct();
    const products = await Promise.all(Array.from({ length: 11 }, () => createProduct()));
    const answers = [];
    for (const product of products) {
      answers.push(
        await graphqlAs(customer.token, POST_REVIEW, {
          alias: product.alias,
          rating: 5,
          author: 'Bot',
          comment: 'Bra!',
        }),
      );
    }
    expect(answers.slice(0, 10).every((answer) => answer.data?.postProductReview === true)).toBe(true);
    expect(answers[10]!.errors?.[0]).toMatchObject({
      message: 'Du har skrivit många omdömen i dag. Försök igen i morgon.',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await reviewsBy(customer.id)).toHaveLength(10);
  });
});
