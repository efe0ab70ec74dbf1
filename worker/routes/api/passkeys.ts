/**
 * Passkeys over the auth endpoint (issue 13), mounted at /api/auth/passkey (CSRF-checked like the rest
 * of it). JSON for the page script (client/browser/passkeys.ts, @simplewebauthn/browser):
 *   POST register-options  (logged in)   -> the creation options
 *   POST register          (logged in)   { response, name? } -> { passkey } | 400
 *   POST login-options                   -> the request options (any passkey of this shop)
 *   POST login             { response, remember? } -> { token, maxAge } and the login cookies | 401
 * The relying party is the shop's public origin (PUBLIC_ORIGIN, else the request's own) and its name.
 * Answers name messages of `account.passkeys` in the page's language (`languageId`).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { createTranslator, localeOfLanguageId, type MessageKey } from '../../../locales';
import type { AppEnv } from '../../app-env';
import {
  authenticationOptions,
  authenticatePasskey,
  registerPasskey,
  registrationOptions,
  type RelyingParty,
} from '../../commerce/customers/passkeys';
import { lifetimeFor, startSession } from '../../session/account';
import { authSecretOf } from '../../identity/built-in';
import { publicOrigin } from '../../urls/request';

/** What a browser sends back from a ceremony; the library checks every part that matters. */
const CredentialResponse = v.looseObject({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(1024), v.regex(/^[A-Za-z0-9_-]+$/)),
  rawId: v.pipe(v.string(), v.maxLength(1024)),
  type: v.literal('public-key'),
  response: v.looseObject({ clientDataJSON: v.pipe(v.string(), v.maxLength(16_384)) }),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
});
const RegisterBody = v.object({
  response: CredentialResponse,
  name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
  languageId: v.optional(v.string()),
});
const LoginBody = v.object({
  response: CredentialResponse,
  remember: v.optional(v.boolean(), false),
  languageId: v.optional(v.string()),
});

function relyingParty(c: Context<AppEnv>): RelyingParty {
  return { name: c.get('channel').name, origin: publicOrigin(c) };
}

function fail(c: Context<AppEnv>, status: 400 | 401, key: MessageKey, code: string, languageId?: string) {
  const t = createTranslator(localeOfLanguageId(languageId ?? c.get('languageId')));
  return c.json({ error: { code, message: t(key) } }, status);
}

async function bodyOf(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}

export function passkeyRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use(async function noStore(c, next) {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  routes.post('/register-options', async (c) => {
    const customer = c.get('customer');
    if (!customer) return fail(c, 401, 'api.customer.notLoggedIn', 'notLoggedIn');
    return c.json(await registrationOptions(c.env.DB, relyingParty(c), customer, new Date()));
  });

  routes.post('/register', async (c) => {
    const customer = c.get('customer');
    const parsed = v.safeParse(RegisterBody, await bodyOf(c));
    const languageId = parsed.success ? parsed.output.languageId : undefined;
    if (!customer) return fail(c, 401, 'api.customer.notLoggedIn', 'notLoggedIn', languageId);
    if (!parsed.success) return fail(c, 400, 'account.passkeys.failed', 'invalid');
    const t = createTranslator(localeOfLanguageId(languageId ?? c.get('languageId')));
    const outcome = await registerPasskey(
      c.env.DB,
      relyingParty(c),
      customer.id,
      {
        response: parsed.output.response as unknown as RegistrationResponseJSON,
        name: parsed.output.name,
        defaultName: (number) => t('account.passkeys.defaultName', { number }),
      },
      new Date(),
    );
    if (!outcome.ok) {
      return outcome.reason === 'limit'
        ? fail(c, 400, 'account.passkeys.limit', 'limit', languageId)
        : fail(c, 400, 'account.passkeys.failed', 'invalid', languageId);
    }
    return c.json({ passkey: outcome.passkey });
  });

  // Nothing is written for a visitor who only asks (issue 24): the challenge is signed, not stored.
  routes.post('/login-options', async (c) =>
    c.json(await authenticationOptions(authSecretOf(c), relyingParty(c), new Date())),
  );

  routes.post('/login', async (c) => {
    const parsed = v.safeParse(LoginBody, await bodyOf(c));
    if (!parsed.success) return fail(c, 400, 'account.passkeyLoginFailed', 'invalid');
    const { response, remember, languageId } = parsed.output;
    const customer = await authenticatePasskey(
      c.env.DB,
      { rp: relyingParty(c), secret: authSecretOf(c) },
      response as unknown as AuthenticationResponseJSON,
      new Date(),
    );
    if (!customer) return fail(c, 401, 'account.passkeyLoginFailed', 'passkeyRefused', languageId);
    const session = await startSession(c, customer, lifetimeFor(remember));
    if (!session) return fail(c, 401, 'account.passkeyLoginFailed', 'passkeyRefused', languageId);
    return c.json({ token: session.token, maxAge: session.maxAge });
  });

  return routes;
}
