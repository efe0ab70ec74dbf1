/**
 * Security headers of every response (spec §9): nosniff, XSS block, strict-origin-when-cross-origin,
 * HSTS for a year, and a Content-Security-Policy whose scripts need this response's fresh nonce.
 * 'strict-dynamic' lets the nonced entry script load its own chunks; nothing else may run.
 */
import type { Context } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { readConfig } from '../config';

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

/** A CSP source list that is only there when the tag manager is configured. */
function whenTagManager(sources: string) {
  return function tagManagerSources(c: Context): string {
    try {
      return readConfig(c.env as Env).gtmId ? sources : '';
    } catch {
      return ''; // misconfigured: the error page says so; the policy stays strict
    }
  };
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
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', whenTagManager(GTM_SOURCES.img)],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", whenTagManager(GTM_SOURCES.connect)],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  });
}
