/**
 * Security headers of every response (spec §9): nosniff, XSS block, strict-origin-when-cross-origin,
 * HSTS for a year, and a Content-Security-Policy whose scripts need this response's fresh nonce.
 * 'strict-dynamic' lets the nonced entry script load its own chunks; nothing else may run.
 */
import { NONCE, secureHeaders } from 'hono/secure-headers';

export const HSTS = 'max-age=31536000; includeSubDomains';

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
      scriptSrc: [NONCE, "'strict-dynamic'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  });
}
