import { env } from 'cloudflare:test';
import type { Context } from 'hono';
import type { AppEnv } from '../../worker/app-env';
import { describe, expect, test } from 'vitest';
import { readConfig } from '../../worker/config';
import { KUSTOM_SOURCES, paymentProviderSources } from '../../worker/middleware/security-headers';

/** Just what the CSP directive reads of a request: its path and the configuration the config middleware set. */
function requestTo(path: string, vars: Record<string, string> = {}): Context<AppEnv> {
  const variables: Record<string, unknown> = { config: readConfig({ ...env, ...vars } as Env) };
  return { req: { path }, var: variables, get: (key: string) => variables[key] } as unknown as Context<AppEnv>;
}

const KUSTOM = { PAYMENT_PROVIDERS: '{"CARD":"kustom"}', KUSTOM_USERNAME: 'merchant', KUSTOM_PASSWORD: 'secret' };
const AVARDA = {
  PAYMENT_PROVIDERS: '{"INVOICE":"avarda"}',
  AVARDA_CLIENT_ID: 'client',
  AVARDA_CLIENT_SECRET: 'secret',
};

describe('the payment step may load the configured external checkout', () => {
  test('with every method through the built-in provider, no page allows an outside host', () => {
    expect(paymentProviderSources(requestTo('/checkout/pay'))).toBe('');
  });

  test("with card through Kustom, the payment step allows Kustom's hosts and other pages do not", () => {
    expect(paymentProviderSources(requestTo('/checkout/pay', KUSTOM))).toBe(KUSTOM_SOURCES);
    expect(KUSTOM_SOURCES.split(' ')).toContain('https://*.kustom.co');
    expect(paymentProviderSources(requestTo('/en/checkout/pay', KUSTOM))).toBe(KUSTOM_SOURCES);
    expect(paymentProviderSources(requestTo('/kassan', KUSTOM))).toBe('');
    expect(paymentProviderSources(requestTo('/', KUSTOM))).toBe('');
  });

  test('with invoice through Avarda, the payment step allows the configured script and API hosts', () => {
    const sources = paymentProviderSources(requestTo('/checkout/pay', AVARDA)).split(' ');
    expect(sources).toContain(new URL(env.AVARDA_CHECKOUT_SCRIPT).origin);
    expect(sources).toContain(new URL(env.AVARDA_API_URL).origin);
    expect(sources.join(' ')).not.toContain('kustom');
    expect(sources.join(' ')).not.toContain('klarna');
  });
});
