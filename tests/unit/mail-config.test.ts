// Issue 13: who delivers mail is configuration (MAIL_PROVIDER, MAIL_FROM, the secret RESEND_API_KEY),
// validated with the rest of it; the dev mailbox wins, so nothing leaves a developer's machine.
import { describe, expect, test } from 'vitest';
import { readConfig } from '../../worker/config';
import { configuredMailProvider } from '../../worker/mail/registry';

const base = { CHANNEL_ID: '1|se', FALLBACK_MARKET_ALIAS: 'se', LOCAL_RUN: 'true' };
const config = (vars: Record<string, string>) => readConfig({ ...base, ...vars } as unknown as Env);

describe('mail configuration', () => {
  test('by default nobody delivers mail: the mails wait in the outbox', () => {
    expect(config({}).mail).toEqual({ provider: null, from: '', resendApiKey: '' });
    expect(configuredMailProvider(config({}))).toBeNull();
  });

  test('resend with its key and a sender delivers through Resend', () => {
    const resend = config({
      MAIL_PROVIDER: 'resend',
      MAIL_FROM: 'Kontorsgiganten <order@kontorsgiganten.se>',
      RESEND_API_KEY: 're_live_key',
    });
    expect(resend.mail).toEqual({
      provider: 'resend',
      from: 'Kontorsgiganten <order@kontorsgiganten.se>',
      resendApiKey: 're_live_key',
    });
    expect(configuredMailProvider(resend)?.name).toBe('resend');
  });

  test('DEV_MAILBOX wins over a configured provider', () => {
    const dev = config({ DEV_MAILBOX: 'true', MAIL_PROVIDER: 'resend', MAIL_FROM: 'a@b.se', RESEND_API_KEY: 'k' });
    expect(configuredMailProvider(dev)?.name).toBe('dev-mailbox');
  });

  test('resend without its key or a sender, an unknown provider and a sender with a line break are refused', () => {
    expect(() => config({ MAIL_PROVIDER: 'resend', MAIL_FROM: 'order@kontorsgiganten.se' })).toThrow(
      'MAIL_PROVIDER is resend, so the secret RESEND_API_KEY and MAIL_FROM must be set',
    );
    expect(() => config({ MAIL_PROVIDER: 'resend', RESEND_API_KEY: 're_live_key' })).toThrow(
      'MAIL_PROVIDER is resend, so the secret RESEND_API_KEY and MAIL_FROM must be set',
    );
    expect(() => config({ MAIL_PROVIDER: 'smtp' })).toThrow('MAIL_PROVIDER must be empty or one of resend');
    expect(() => config({ MAIL_FROM: 'Shop <order@kontorsgiganten.se>\nBcc: x@y.se' })).toThrow(/MAIL_FROM/);
  });
});
