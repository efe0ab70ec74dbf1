// The one same-site path rule (worker/urls/same-site.ts) shared by form redirects, the market and language
// switches, and the payment step's confirmation URL.
import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { isSameSitePath, SameSitePath, sameSitePathOr } from '../../worker/urls/same-site';
import { paymentStepOf } from '../../worker/payments/urls';
import { redirectOf } from '../../worker/routes/forms/input';
import { currentPathOf, ipv6Network } from '../../worker/urls/request';

const SAFE = [
  '/',
  '/kassan',
  '/en/checkout/confirm?orderId={payment.uid}&cartId={geins.cartid}',
  '/sok?q=a%2F%2Fb',
  '/a/b//c?x=https://y',
];
const NASTY = [
  // Issue 12: dot segments that resolve to `//evil.com`.
  '/.//evil.com',
  '/a/..//evil.com',

  '//evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  '/\r/evil.com',
  '\t//evil.com',
  '/%09/ok-but-\t',
  '/\u0000/evil.com',
  '/\u007f',
  '/\u0085',
  '/ /evil.com',
  '/\u00a0/evil.com',
  '/\u2028/evil.com',
  'https://evil.com',
  'javascript:alert(1)',
  'evil.com',
  '',
  ' /kassan',
  '/kassan\\..\\x',
  // Longer than any URL the shop accepts (8 KB, middleware/request-limits.ts).
  `/${'a'.repeat(8 * 1024)}`,
];

describe('a same-site path', () => {
  test('is a path starting with one slash, query and encoded characters allowed', () => {
    for (const path of SAFE) expect(isSameSitePath(path), path).toBe(true);
  });

  test('is never a protocol-relative URL, a backslash, a control character or whitespace (browsers strip tabs: /\\t/evil.com is //evil.com), a scheme or too long', () => {
    for (const path of NASTY) expect(isSameSitePath(path), JSON.stringify(path)).toBe(false);
    expect(isSameSitePath(undefined)).toBe(false);
    expect(isSameSitePath(42)).toBe(false);
  });

  test('the form redirects, the switches and the payment step all follow the same rule', () => {
    for (const path of NASTY) {
      expect(redirectOf({ redirect: path }), JSON.stringify(path)).toBe('/');
      expect(v.safeParse(SameSitePath, path).success).toBe(false);
      expect(paymentStepOf(path).confirmationUrl, JSON.stringify(path)).toBe('/checkout/confirm?orderId={payment.uid}');
    }
    expect(redirectOf({ redirect: '/en/cart' })).toBe('/en/cart');
    expect(paymentStepOf('/en/checkout/confirm?orderId=x').shopPrefix).toBe('/en');
  });

  test('sameSitePathOr keeps a path on this site, collapses leading slashes, and else falls back', () => {
    expect(sameSitePathOr('/en/cart?x=1')).toBe('/en/cart?x=1');
    expect(sameSitePathOr('//evil.example/')).toBe('/evil.example/');
    expect(sameSitePathOr('/\\evil.example/x')).toBe('/evil.example/x');
    expect(sameSitePathOr('https://evil.example/')).toBe('/');
    expect(sameSitePathOr('/.//evil.example', '/en')).toBe('/en');
  });

  test("the page's own path, which its forms send back as their redirect, is always a path on this site", () => {
    expect(currentPathOf(new URL('http://shop.example/en/cart?x=1'))).toBe('/en/cart?x=1');
    expect(currentPathOf(new URL('http://shop.example//'))).toBe('/');
    expect(currentPathOf(new URL('http://shop.example//?q=1'))).toBe('/?q=1');
    expect(currentPathOf(new URL('http://shop.example//evil.example/x'))).toBe('/evil.example/x');
  });
});

describe('client addresses for abuse limits (issue 12)', () => {
  test('an IPv6 client counts by its /64, an IPv4 one as it is', () => {
    expect(ipv6Network('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(ipv6Network('2001:db8:abcd:0012::1')).toBe('2001:db8:abcd:12::/64');
    expect(ipv6Network('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipv6Network('203.0.113.9')).toBeNull();
    expect(ipv6Network('not:an:address')).toBeNull();
  });
});
