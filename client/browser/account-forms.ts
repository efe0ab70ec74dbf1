/**
 * The account forms with JavaScript (issue 13), loaded when the shopper first reaches for one
 * (client/browser/entry.tsx). Without it the same forms post as plain forms and work the same.
 *
 * - login and register: the fields are checked with the spec §5 messages the form carries, the password
 *   is hashed here (spec §9, core/password-digest.ts) and sent to the auth endpoint (spec §7). On success
 *   the shopper lands where the form says (the page they were on, for the header's panel); that new page
 *   tells the other tabs (`auth` on ralph_channel, client/store/tab-sync.ts) and starts a fresh GraphQL
 *   client.
 * - reset: checked and hashed here, then posted as the plain form with the digest instead of the password.
 * - logout: through the auth endpoint, then the plain form leads on to its page with the notice (and that
 *   page tells the other tabs).
 * Refusals appear in the form (the message of the endpoint, in the page's language), focus on the first
 * field in error, and nothing is lost: what was typed stays.
 */
import { passwordDigest, passwordProblem } from '../../core/password-digest';
import { readShopScope } from '../store/scope';
import { scheduleTokenRefresh } from './auth-refresh';

type Messages = Record<
  | 'invalidEmail'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'passwordMismatch'
  | 'invalidInput'
  | 'failed',
  string
>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const AUTH_ENDPOINT = '/api/auth/';
/** Which field an endpoint's refusal belongs to. */
const FIELD_OF_CODE: Record<string, string> = {
  invalidEmail: 'email',
  accountExists: 'email',
  passwordRequired: 'password',
  passwordTooShort: 'password',
};

function messagesOf(form: HTMLFormElement): Messages {
  try {
    return JSON.parse(form.dataset.messages ?? '{}') as Messages;
  } catch {
    return {} as Messages;
  }
}

const field = (form: HTMLFormElement, name: string) =>
  form.elements.namedItem(name) instanceof HTMLInputElement
    ? (form.elements.namedItem(name) as HTMLInputElement)
    : null;

const valueOf = (form: HTMLFormElement, name: string) => field(form, name)?.value ?? '';

function showFieldError(form: HTMLFormElement, name: string, message: string | null): void {
  const input = field(form, name);
  const error = input?.closest('[data-field]')?.querySelector<HTMLElement>('[data-field-error]');
  if (!input || !error) return;
  error.textContent = message ?? '';
  error.hidden = message === null;
  if (message === null) input.removeAttribute('aria-invalid');
  else input.setAttribute('aria-invalid', 'true');
}

function showNotice(form: HTMLFormElement, message: string | null): void {
  const notice = form.querySelector<HTMLElement>('[data-form-notice]');
  if (!notice) return;
  notice.textContent = message ?? '';
  notice.hidden = message === null;
}

/** Spec §5's checks: the errors by field name (none when all is well). */
function check(form: HTMLFormElement, messages: Messages): Map<string, string> {
  const errors = new Map<string, string>();
  if (field(form, 'email') && !EMAIL_PATTERN.test(valueOf(form, 'email').trim()))
    errors.set('email', messages.invalidEmail);
  const problem = passwordProblem(valueOf(form, 'password'));
  if (problem) errors.set('password', messages[problem]);
  else if (field(form, 'passwordConfirm') && valueOf(form, 'passwordConfirm') !== valueOf(form, 'password'))
    errors.set('passwordConfirm', messages.passwordMismatch);
  return errors;
}

/** Shows `errors` (clearing the others) and focuses the first; true when there were none. */
function report(form: HTMLFormElement, errors: Map<string, string>, messages: Messages): boolean {
  for (const name of ['email', 'password', 'passwordConfirm']) showFieldError(form, name, errors.get(name) ?? null);
  showNotice(form, errors.size > 0 ? messages.invalidInput : null);
  const first = [...errors.keys()][0];
  if (first) field(form, first)?.focus();
  return errors.size === 0;
}

function busy(form: HTMLFormElement, on: boolean): void {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) return;
  button.disabled = on;
  if (on) button.setAttribute('aria-busy', 'true');
  else button.removeAttribute('aria-busy');
}

interface AuthAnswer {
  token?: string;
  maxAge?: number;
  error?: { code?: string; message?: string };
}

async function postAuth(action: string, body: object): Promise<{ status: number; data: AuthAnswer }> {
  const response = await fetch(`${AUTH_ENDPOINT}${action}`, {
    method: 'POST',
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as AuthAnswer;
  return { status: response.status, data };
}

/**
 * An auth endpoint call. With credentials it is spec §7's signed flow, which the endpoint insists on: the
 * username alone gets a challenge (`sign`), the sign endpoint signs it, and the credentials go with the
 * signature.
 */
async function callAuth(
  action: string,
  body?: { username: string; languageId?: string; [field: string]: unknown },
): Promise<{ status: number; data: AuthAnswer }> {
  if (!body) return postAuth(action, {});
  const challenge = await postAuth(action, { username: body.username, languageId: body.languageId });
  const sign = (challenge.data as { sign?: unknown }).sign;
  if (typeof sign !== 'string') return challenge;
  const signed = await fetch(`${AUTH_ENDPOINT}sign/${encodeURIComponent(sign)}`, { cache: 'no-store' });
  const signature: unknown = await signed.json().catch(() => null);
  if (!signed.ok || typeof signature !== 'string') return { status: signed.status, data: {} };
  return postAuth(action, { ...body, signature });
}

async function logIn(form: HTMLFormElement, action: 'login' | 'register', messages: Messages): Promise<void> {
  if (!report(form, check(form, messages), messages)) return;
  busy(form, true);
  try {
    const scope = readShopScope();
    const remember = field(form, 'remember')?.checked ?? false;
    const chosenType = form.querySelector<HTMLInputElement>('input[name="customerType"]:checked')?.value;
    const { status, data } = await callAuth(action, {
      username: valueOf(form, 'email').trim(),
      password: await passwordDigest(valueOf(form, 'password')),
      // Spec §7: sessionLifetime 30 (minutes) when "remember me" is off.
      ...(remember ? {} : { sessionLifetime: 30 }),
      ...(action === 'register'
        ? { customerType: chosenType, newsletter: field(form, 'newsletter')?.checked ?? false }
        : {}),
      languageId: scope.languageId,
    });
    if (status !== 200 || !data.token) {
      const code = data.error?.code ?? '';
      const message = data.error?.message ?? messages.failed;
      const name = FIELD_OF_CODE[code];
      if (name) showFieldError(form, name, message);
      showNotice(form, message);
      busy(form, false);
      // The focus goes where the answer is: the field it is about, else the message itself.
      if (name) field(form, name)?.focus();
      else form.querySelector<HTMLElement>('[data-form-notice]')?.focus();
      return;
    }
    if (typeof data.maxAge === 'number') scheduleTokenRefresh(Date.now() + 900 * data.maxAge);
    location.assign(valueOf(form, 'redirect') || location.href);
  } catch {
    showNotice(form, messages.failed);
    busy(form, false);
  }
}

async function resetPassword(form: HTMLFormElement, messages: Messages): Promise<void> {
  if (!report(form, check(form, messages), messages)) return;
  busy(form, true);
  const digest = document.createElement('input');
  digest.type = 'hidden';
  digest.name = 'passwordDigest';
  digest.value = await passwordDigest(valueOf(form, 'password'));
  form.appendChild(digest);
  // The plain password stays on this device: only the digest is posted.
  for (const name of ['password', 'passwordConfirm']) field(form, name)?.removeAttribute('name');
  form.submit();
}

async function logOut(form: HTMLFormElement): Promise<void> {
  busy(form, true);
  try {
    await callAuth('logout');
  } catch {
    // The plain form below ends the session on the server as well.
  }
  scheduleTokenRefresh(0);
  // The plain form then says "you are logged out" on the page it leads to.
  form.submit();
}

/** Takes over the account forms' submits; call once. */
export function enhanceAccountForms(): void {
  document.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const kind = form.dataset.authForm;
    if (kind !== 'login' && kind !== 'register' && kind !== 'reset' && kind !== 'logout') return;
    event.preventDefault();
    const messages = messagesOf(form);
    if (kind === 'logout') void logOut(form);
    else if (kind === 'reset') void resetPassword(form, messages);
    else void logIn(form, kind, messages);
  });
}
