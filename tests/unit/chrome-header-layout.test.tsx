// The header in the checkout's 'undistracted' layout (spec §2): the logo, a secure-checkout mark and a way
// back to the shop, but no menu, search, pickers or cart to lead the shopper away; the default layout has them.
import { describe, expect, test } from 'vitest';
import { renderToString } from 'react-dom/server.edge';
import { Header } from '../../client/views/components/Header';
import { ShopContext } from '../../client/views/components/ShopContext';
import type { ChromeData } from '../../client/views/components/chrome-data';
import { swedishShop } from './swedish-shop';

const shop = swedishShop({ currentPath: '/kassan' });

const chrome: ChromeData = {
  mainMenu: [{ label: 'Varumärken', href: '/varumarken', external: false, current: false, children: [] }],
  footerMenu: [],
  markets: [
    {
      alias: 'se',
      country: 'Sverige',
      currency: 'SEK',
      current: true,
      href: '/api/market?alias=se&redirect=%2Fkassan',
    },
  ],
  languages: [{ locale: 'sv', name: 'Svenska', current: true, href: '/api/locale?locale=sv&path=%2Fkassan' }],
  currentMarket: { country: 'Sverige', currency: 'SEK' },
  searchScope: { channelId: '1|se', marketId: '1|se', languageId: 'sv-SE' },
  pageData: {
    page_type: 'checkout',
    locale: 'sv',
    language: 'sv-SE',
    market: 'se',
    currency: 'SEK',
    customer_type: 'PERSON',
    logged_in: false,
    gtm_id: null,
    consent: null,
  },
  newsletter: null,
  consent: { offered: false, ask: false, refusedByBrowser: false },
};

function header(undistracted: boolean): string {
  return renderToString(
    <ShopContext value={shop}>
      <Header cartCount={2} freeShippingFrom="499 kr" chrome={chrome} undistracted={undistracted} />
    </ShopContext>,
  );
}

describe('header layouts', () => {
  test('the undistracted header is the secure-checkout bar: logo, "Säker kassa" and a way back, nothing to wander off to', () => {
    const html = header(true);
    expect(html).toContain('class="logo"');
    expect(html).toContain('Säker kassa');
    expect(html).toMatch(/<a class="checkout-header__back" href="\/">Fortsätt handla<\/a>/);
    expect(html).not.toContain('id="site-menu"');
    expect(html).not.toContain('class="menu-button"');
    expect(html).not.toContain('role="search"');
    expect(html).not.toContain('class="picker"');
    expect(html).not.toContain('cart-counter');
  });

  test('the default header has the menu and the search form', () => {
    const html = header(false);
    expect(html).toContain('id="site-menu"');
    expect(html).toContain('role="search"');
  });
});
