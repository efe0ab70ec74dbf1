// Issue 14 in a browser: writing a review on the product page (spec §4 'published after acceptance;
// require login', §5), in Swedish with JavaScript and in English without it (each language and each way
// once: the form's words in every language are the integration tests' part), and axe on the form.
import { expect, test } from './fixtures';
import { registeredCustomer } from './my-pages-helpers';
import { expectNoAxeViolations } from './axe';

/** Pilot G-Tec-C4 Gelpenna 0,4 mm blå (product 630 of the seed), by its Swedish and English alias. */
const PRODUCT = {
  sv: '/p/pilot-g-tec-c4-gelpenna-0-4-mm-bla-630',
  en: '/en/p/pilot-g-tec-c4-gel-pen-0-4-mm-blue-630',
};

const TEXT = {
  sv: {
    title: 'Skriv ett omdöme',
    login: 'Logga in och skriv ett omdöme',
    fourStars: '4 av 5 stjärnor',
    name: 'Namn',
    review: 'Ditt omdöme',
    send: 'Skicka omdöme',
    stars: 'Använd stjärnorna för att betygsätta produkten',
    required: 'Detta fält är obligatoriskt',
    sent: 'Tack för ditt omdöme! Det publiceras när vi har granskat och godkänt det.',
  },
  en: {
    title: 'Write a review',
    login: 'Log in and write a review',
    fourStars: '4 of 5 stars',
    name: 'Name',
    review: 'Your review',
    send: 'Send review',
    stars: 'Use the stars to rate the product',
    required: 'This field is required',
    sent: 'Thank you for your review! It will be published once we have checked and accepted it.',
  },
} as const;

for (const [javaScriptEnabled, locale] of [
  [true, 'sv'],
  [false, 'en'],
] as const) {
  test.describe(`writing a review ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    const text = TEXT[locale];

    test(`a guest is asked to log in, a customer's review waits for acceptance (${locale})`, async ({
      page,
      baseURL,
    }) => {
      await page.goto(PRODUCT[locale]);
      const section = page.getByRole('region', { name: text.title });
      await expect(section.getByRole('link', { name: text.login })).toBeVisible();
      await expect(section.getByRole('button', { name: text.send })).toHaveCount(0);

      await registeredCustomer(page, baseURL!, 'review');
      await page.goto(PRODUCT[locale]);
      const form = page.getByRole('region', { name: text.title });
      if (javaScriptEnabled) await expectNoAxeViolations(page, '#write-review');

      // Nothing filled in: the stars' message and the review's, under their fields.
      await form.getByRole('button', { name: text.send }).click();
      await expect(page.getByRole('region', { name: text.title }).getByText(text.stars)).toBeVisible();
      // A new customer has no first name to start from: name and review are both missing.
      await expect(page.getByRole('region', { name: text.title }).getByText(text.required)).toHaveCount(2);
      if (javaScriptEnabled) await expectNoAxeViolations(page, '#write-review');

      const again = page.getByRole('region', { name: text.title });
      await again.getByRole('radio', { name: text.fourStars }).check();
      await again.getByLabel(text.name).fill('Karin L.');
      await again.getByLabel(text.review).fill('Skriver jämnt och torkar snabbt.');
      await again.getByRole('button', { name: text.send }).click();
      await expect(page.getByRole('region', { name: text.title }).getByRole('status')).toHaveText(text.sent);
      // Not published yet: the review is nowhere on the page.
      await expect(page.getByText('Skriver jämnt och torkar snabbt.')).toHaveCount(0);
      if (javaScriptEnabled) await expectNoAxeViolations(page, '#write-review');
    });
  });
}
