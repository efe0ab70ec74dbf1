/**
 * Passkeys in the browser (issue 13), loaded when the shopper presses a passkey button
 * (client/browser/login-state.ts shows the buttons where they can work). The WebAuthn ceremonies are
 * @simplewebauthn/browser's (the counterpart of the server library): options from the auth endpoint,
 * the authenticator, the answer back.
 * - login: any passkey of this shop (discoverable); on success the shopper lands where the form says,
 *   like a password login (and that page tells the other tabs).
 * - add (account page): registers a passkey for the logged-in customer, then shows the page again with it.
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { readShopScope } from '../store/scope';
import { scheduleTokenRefresh } from './auth-refresh';

const ENDPOINT = '/api/auth/passkey/';

async function post(path: string, body: object = {}): Promise<{ status: number; data: Record<string, unknown> }> {
  const response = await fetch(`${ENDPOINT}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ ...body, languageId: readShopScope().languageId }),
  });
  return { status: response.status, data: (await response.json().catch(() => ({}))) as Record<string, unknown> };
}

const messageOf = (data: Record<string, unknown>) =>
  ((data.error as { message?: unknown } | undefined)?.message as string | undefined) ?? null;

function show(element: HTMLElement | null, message: string): void {
  if (!element) return;
  element.textContent = message;
  element.hidden = false;
}

/** Logs in with a passkey from the login form that holds `button`. */
export async function logInWithPasskey(button: HTMLButtonElement): Promise<void> {
  const form = button.closest('form');
  const notice = form?.querySelector<HTMLElement>('[data-form-notice]') ?? null;
  const failed = button.dataset.failed ?? '';
  button.disabled = true;
  try {
    const options = await post('login-options');
    if (options.status !== 200) throw new Error('no options');
    const response = await startAuthentication({ optionsJSON: options.data as never });
    const remember = (form?.elements.namedItem('remember') as HTMLInputElement | null)?.checked ?? false;
    const answer = await post('login', { response, remember });
    if (answer.status !== 200) {
      show(notice, messageOf(answer.data) ?? failed);
      return;
    }
    if (typeof answer.data.maxAge === 'number') scheduleTokenRefresh(Date.now() + 900 * answer.data.maxAge);
    const redirect = (form?.elements.namedItem('redirect') as HTMLInputElement | null)?.value;
    location.assign(redirect || location.href);
  } catch {
    // Cancelled in the browser's dialog, or no passkey for this shop on the device.
    show(notice, failed);
  } finally {
    button.disabled = false;
  }
}

/** Adds a passkey to the logged-in customer's account (the account page's button). */
export async function addPasskey(button: HTMLButtonElement): Promise<void> {
  const section = button.closest('[data-passkeys]');
  const message = section?.querySelector<HTMLElement>('[data-passkey-message]') ?? null;
  const messages = JSON.parse(button.dataset.messages ?? '{}') as Record<'added' | 'failed', string>;
  button.disabled = true;
  try {
    const options = await post('register-options');
    if (options.status !== 200) throw new Error('no options');
    const response = await startRegistration({ optionsJSON: options.data as never });
    const answer = await post('register', { response });
    if (answer.status !== 200) {
      show(message, messageOf(answer.data) ?? messages.failed);
      return;
    }
    location.reload();
  } catch {
    show(message, messages.failed);
  } finally {
    button.disabled = false;
  }
}
