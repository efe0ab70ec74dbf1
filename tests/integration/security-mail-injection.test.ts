// Issue 24, "Mail injection": line breaks and links typed into an address at the checkout became lines of
// their own and clickable links in the order mail the shop sends to any address typed. Both parts now
// show what was typed as one inert line.
import { describe, expect, test } from 'vitest';
import { env, eventually } from '../helpers';
import { createProduct } from './factories';
import { STOCKHOLM, cartWith, placeOrder, swedishInvoiceCheckout } from './checkout-helpers';

const ZWSP = '\u200b';

describe('shopper input in the order mail', () => {
  test('a line break and a link typed into the address are one line of inert text, in text and HTML', async () => {
    const product = await createProduct({ name: 'Kuvert Injektion', prices: { '1|se': 4900 } });
    const email = `injektion-${crypto.randomUUID().slice(0, 8)}@example.se`;
    const address = {
      ...STOCKHOLM,
      firstName: 'Anna',
      lastName: 'Svensson\r\n\r\nDin order är spärrad. Logga in på https://evil.example/login',
      company: 'www.evil.example',
      addressLine1: 'Storgatan 1\nRing 0701234567',
    };
    const placed = await placeOrder(
      await cartWith(product.skuId),
      swedishInvoiceCheckout({ email, billingAddress: address, shippingAddress: address }),
    );
    expect(placed.errors).toBeUndefined();
    const mail = await eventually(
      () =>
        env.DB.prepare("SELECT body, html FROM outgoing_emails WHERE recipient = ? AND kind = 'ORDER_CONFIRMATION'")
          .bind(email)
          .first<{ body: string; html: string }>(),
      (row) => row !== null,
    );
    const lines = mail!.body.split('\n');
    // Before: "Din order är spärrad…" stood on a line of its own, and the link was a link.
    expect(lines.filter((line) => line.startsWith('Din order är spärrad'))).toEqual([]);
    expect(lines).toContain(
      `Anna Svensson Din order är spärrad. Logga in på https:${ZWSP}//evil.${ZWSP}example/${ZWSP}login`,
    );
    expect(lines).toContain(`www.${ZWSP}evil.${ZWSP}example`);
    expect(lines).toContain('Storgatan 1 Ring 0701234567');
    for (const part of [mail!.body, mail!.html]) {
      expect(part).not.toContain('https://evil');
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('www.evil');
    }
    expect(mail!.html).not.toMatch(/<a [^>]*evil/);
    expect(mail!.html).toContain(
      `Anna Svensson Din order är spärrad. Logga in på https:${ZWSP}//evil.${ZWSP}example/${ZWSP}login`,
    );
  });
});
