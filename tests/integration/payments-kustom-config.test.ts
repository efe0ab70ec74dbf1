// Kustom Checkout's configuration (worker/payments/kustom-config.ts, docs/decisions/018-kustom-checkout.md):
// the test environment by default, 'kustom' and its old name 'klarna' in PAYMENT_PROVIDERS, the old secret
// names read for one release with a warning, and Klarna's dead endpoint refused with what to set instead.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readConfig } from '../../worker/config';
import { env } from '../helpers';

/** The configuration of this deployment's Env with `vars` changed (a fresh object: parsed anew). */
const configWith = (vars: Record<string, string>) => readConfig({ ...env, ...vars } as unknown as Env);
/** The message readConfig throws for `vars`, or null when they are valid. */
function problemWith(vars: Record<string, string>): string | null {
  try {
    configWith(vars);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

afterEach(() => vi.restoreAllMocks());

describe('Kustom Checkout configuration', () => {
  test('by default the shop talks to Kustom’s test environment, api.playground.kustom.co', () => {
    expect(configWith({}).payments.kustom.apiUrl).toBe('https://api.playground.kustom.co');
  });

  test('PAYMENT_PROVIDERS names it kustom, and klarna still means the same provider', () => {
    const credentials = { KUSTOM_USERNAME: 'merchant', KUSTOM_PASSWORD: 'secret' };
    const named = configWith({ ...credentials, PAYMENT_PROVIDERS: '{"INVOICE":"kustom","INSTALMENT":"klarna"}' });
    expect(named.payments.providers.INVOICE).toBe(named.payments.providers.INSTALMENT);
    expect(named.payments.kustom).toEqual({
      apiUrl: 'https://api.playground.kustom.co',
      username: 'merchant',
      password: 'secret',
    });
  });

  test('a method routed to kustom without credentials stops the configuration, naming the new secrets', () => {
    expect(problemWith({ PAYMENT_PROVIDERS: '{"INVOICE":"kustom"}' })).toBe(
      'Invalid worker configuration: PAYMENT_PROVIDERS routes a method to kustom, so KUSTOM_USERNAME and KUSTOM_PASSWORD must be set',
    );
  });

  test('the old secrets KLARNA_USERNAME and KLARNA_PASSWORD still work this release, and the log says to rename them', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = configWith({
      PAYMENT_PROVIDERS: '{"INVOICE":"klarna"}',
      KLARNA_USERNAME: 'old-user',
      KLARNA_PASSWORD: 'old-pass',
    });
    expect(config.payments.kustom).toMatchObject({ username: 'old-user', password: 'old-pass' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(
      'KLARNA_USERNAME and KLARNA_PASSWORD are read as KUSTOM_USERNAME and KUSTOM_PASSWORD for this release only',
    );
  });

  test('the new secrets win over the old ones, and then nothing is logged', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const config = configWith({
      PAYMENT_PROVIDERS: '{"CARD":"kustom"}',
      KUSTOM_USERNAME: 'new-user',
      KUSTOM_PASSWORD: 'new-pass',
      KLARNA_USERNAME: 'old-user',
      KLARNA_PASSWORD: 'old-pass',
    });
    expect(config.payments.kustom).toMatchObject({ username: 'new-user', password: 'new-pass' });
    expect(warn).not.toHaveBeenCalled();
  });

  test('Klarna’s old API URL is refused with what to set instead, since klarna.com stopped answering', () => {
    const credentials = { PAYMENT_PROVIDERS: '{"INVOICE":"kustom"}', KUSTOM_USERNAME: 'm', KUSTOM_PASSWORD: 's' };
    expect(problemWith({ ...credentials, KLARNA_API_URL: 'https://api.klarna.com' })).toContain(
      'KLARNA_API_URL is no longer read: Klarna Checkout is now Kustom Checkout and *.klarna.com stopped answering on 31 March 2026. Remove it and set KUSTOM_API_URL (https://api.kustom.co;',
    );
    expect(problemWith({ ...credentials, KUSTOM_API_URL: 'https://api.playground.klarna.com' })).toContain(
      'KUSTOM_API_URL: KUSTOM_API_URL names a klarna.com host, which stopped answering on 31 March 2026: use https://api.kustom.co',
    );
    expect(problemWith({ ...credentials, KUSTOM_API_URL: 'https://api.kustom.co' })).toBeNull();
  });
});
