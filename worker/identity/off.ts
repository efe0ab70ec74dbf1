/**
 * A deployment in front of a remote API that names no auth and sign endpoints (./index.ts): nobody logs
 * in, every login cookie names nobody, and each door says the accounts cannot be reached just now.
 */
import { refused, type Identity } from './index';

const unavailable = async () => refused(503, 'authUnavailable');

export const offIdentity: Identity = {
  authenticate: async (_c, { token }) => ({ dropToken: token !== undefined }),
  logIn: unavailable,
  register: unavailable,
  changePassword: unavailable,
  confirmPassword: unavailable,
  logOut: async () => undefined,
  isRefreshToken: () => false,
  reset: {
    keyPattern: /^(?!)$/,
    accountOf: async () => null,
    commit: async () => 'failed',
  },
  registerFromOrder: null,
  openSession: null,
};
