/**
 * Security headers of every response (spec §9): nosniff, XSS block, strict-origin-when-cross-origin,
 * HSTS for a year, and a Content-Security-Policy whose scripts need this response's fresh nonce.
 * 'strict-dynamic' lets the nonced entry script load its own chunks; nothing else may run.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { DEV_MAILBOX_PATH } from '../urls/request';
import { createMiddleware } from 'hono/factory';
import { isCheckoutRoute } from '../../locales/routes';

export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Google's hosts for Tag Manager and Analytics 4 (Google's CSP guide), allowed only when a GTM
 * container is configured (GTM_ID). The tag script itself is inserted by the nonced page script, which
 * 'strict-dynamic' trusts; the host in script-src serves browsers without 'strict-dynamic'.
 */
export const GTM_SOURCES = {
  script: 'https://www.googletagmanager.com',
  connect: 'https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com',
  img: 'https://*.google-analytics.com https://*.googletagmanager.com',
} as const;

/**
 * A remote API's subscription endpoint (issue 28, GRAPHQL_SUBSCRIPTIONS_ENDPOINT), which open pages connect
 * to; the built-in live rooms are this origin ('self' covers ws: and wss: of the same host).
 */
function liveEndpointSource(c: Context<AppEnv>): string {
  const endpoint = c.get('config').liveEndpoint;
  return endpoint && endpoint !== 'built-in' ? new URL(endpoint).origin : '';
}

/** A CSP source list that is only there when the tag manager is configured. */
function whenTagManager(sources: string) {
  return function tagManagerSources(c: Context<AppEnv>): string {
    return c.get('config').gtmId ? sources : '';
  };
}

/**
 * The external checkouts' hosts (issue 6), allowed only on the payment step's page (`/checkout/pay`)
 * and only for a provider that PAYMENT_PROVIDERS routes a method to. Kustom Checkout's API moved from
 * klarna.com to kustom.co (help.kustom.co, "API endpoint switch"), so its hosts are allowed; the snippet
 * loaded its script from klarnacdn and framed checkout from klarna.com (Klarna's CSP guidance), and
 * nothing we have says where it loads from since the move, so those hosts stay allowed until a run in
 * Kustom's playground shows the browser no longer asks for them. Avarda's comes from the configured
 * script and API hosts. Both style their frames inline, so those pages allow inline styles.
 */
export const KUSTOM_SOURCES =
  'https://*.kustom.co https://*.klarna.com https://*.klarnacdn.net https://*.klarnaservices.com';

/**
 * The hosts of the external checkouts a Geins API answers (its PaymentType, issue 26), from each
 * provider's documentation: Kustom (Klarna Checkout) as above; Svea Checkout's script and frame at
 * checkoutapi(stage).svea.com; Walley Checkout's loader at checkout(.uat).walleydev.com in test and
 * walleypay.com in production; Avarda Checkout's at (stage.)checkout-cdn.avarda.com.
 */
export const EXTERNAL_CHECKOUT_SOURCES = [
  KUSTOM_SOURCES,
  'https://*.svea.com',
  'https://*.walleypay.com https://*.walleydev.com',
  'https://*.avarda.com',
].join(' ');

/** The directives a provider's checkout needs its hosts in (its frames style themselves inline). */
function providerDirectives(sources: string): Record<string, string> {
  return {
    'script-src': sources,
    'style-src': `'unsafe-inline' ${sources}`,
    'frame-src': sources,
    'img-src': sources,
    'connect-src': sources,
  };
}

/**
 * `policy` with `sources` added to each directive it names (a directive it lacks is left out: default-src
 * holds). A directive widened with 'unsafe-inline' loses its nonce: a browser that sees both ignores
 * 'unsafe-inline' (CSP Level 3, §6.7.3.3), and the providers' own inline styles must apply.
 */
export function widenedPolicy(policy: string, sources: Record<string, string>): string {
  return policy
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      const name = trimmed.split(/\s+/, 1)[0] ?? '';
      if (!sources[name]) return trimmed;
      const kept = sources[name].includes("'unsafe-inline'") ? trimmed.replace(/ 'nonce-[^']*'/g, '') : trimmed;
      return `${kept} ${sources[name]}`;
    })
    .join('; ');
}

/**
 * The providers' hosts a page may use, decided once the route is known: the payment step's page, those of
 * the providers PAYMENT_PROVIDERS routes a method to; in front of a remote Geins API (issue 26), the
 * checkout's screens (the checkout, its confirmation), the four providers' (whichever the API answers,
 * chosen as the shopper goes); every other page, and the built-in API's checkout, none.
 */
function providerSourcesOf(c: Context<AppEnv>): string {
  const step = paymentProviderSources(c);
  if (step) return step;
  return c.get('config')?.graphqlEndpoint && isCheckoutRoute(c.get('route')) ? EXTERNAL_CHECKOUT_SOURCES : '';
}

/**
 * Widens the policy securityHeaders set with the providers' hosts where a page shows a provider's
 * checkout (providerSourcesOf). Registered before securityHeaders, so it runs after that one has set the
 * policy and the route is known; every other response keeps the strict policy untouched.
 */
export function providerCheckoutPolicy() {
  return createMiddleware<AppEnv>(async function providerCheckoutPolicy(c, next) {
    await next();
    const sources = providerSourcesOf(c);
    const policy = sources ? c.res.headers.get('Content-Security-Policy') : null;
    if (policy) c.res.headers.set('Content-Security-Policy', widenedPolicy(policy, providerDirectives(sources)));
  });
}

const PAYMENT_STEP_PATH = /(^|\/)checkout\/pay$/;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** The provider hosts the payment step's page may use, or '' anywhere else. */
export function paymentProviderSources(c: Context<AppEnv>): string {
  if (!PAYMENT_STEP_PATH.test(c.req.path)) return '';
  const { payments } = c.get('config');
  const used = new Set(Object.values(payments.providers));
  const sources: string[] = [];
  if (used.has('klarna')) sources.push(KUSTOM_SOURCES); // 'klarna' is Kustom's adapter key
  if (used.has('avarda')) sources.push(originOf(payments.avarda.checkoutScript), originOf(payments.avarda.apiUrl));
  return sources.filter(Boolean).join(' ');
}

/**
 * Inline styles for the dev mailbox (DEV_MAILBOX only), whose sandboxed `srcdoc` frames inherit this
 * policy and show mails styled inline as mail clients want them. (A provider's checkout gets them from
 * providerCheckoutPolicy.)
 */
function inlineStyles(c: Context<AppEnv>): string {
  return c.req.path === DEV_MAILBOX_PATH && c.get('config').devMailbox ? "'unsafe-inline'" : '';
}

/**
 * Where a page's inline styles may come from: the dev mailbox's 'unsafe-inline' (inlineStyles), else the
 * response's nonce, for the theme's `<style>` (spec §3, worker/render/theme.ts). Never both: beside a
 * nonce, browsers ignore 'unsafe-inline'.
 */
function pageStyles(c: Context<AppEnv>, directive: string): string {
  return inlineStyles(c) || NONCE(c, directive);
}

/**
 * The origins a form's answer may lead to (config `offsiteOrigins`, the same the redirect check allows):
 * the storefronts the merchant runs (a payment step that started on one ends on its confirmation page,
 * through the redirect after the built-in payment page's form, issue 25) and the remote API this
 * storefront fronts (the checkout's answer leads to its payment step, issue 26).
 */
function offsiteOrigins(c: Context<AppEnv>): string {
  return (c.get('config')?.offsiteOrigins ?? []).join(' ');
}

export function securityHeaders() {
  return secureHeaders({
    xContentTypeOptions: 'nosniff',
    xXssProtection: '1; mode=block',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: HSTS,
    xFrameOptions: 'SAMEORIGIN',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [NONCE, "'strict-dynamic'", whenTagManager(GTM_SOURCES.script)],
      styleSrc: ["'self'", pageStyles],
      frameSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', whenTagManager(GTM_SOURCES.img)],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", whenTagManager(GTM_SOURCES.connect), liveEndpointSource],
      // The service worker at /sw.js (issue 28): a worker is no script element, so no nonce can allow it.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'", offsiteOrigins],
      frameAncestors: ["'self'"],
    },
    // Issue 12: no page of the shop needs the camera, microphone, location, USB, serial, Bluetooth,
    // MIDI or ad-interest topics; payment stays for the shop and its providers' frames (default).
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      usb: [],
      serial: [],
      bluetooth: [],
      midi: [],
      browsingTopics: [],
    },
  });
}
