/**
 * The identity client (issue 26, one data path): who a request is, and logging in, registering, changing
 * a password, resetting one and logging out, asked of the configured commerce API as the GraphQL client
 * asks it everything else. Accounts are that API's data (docs/decisions/021):
 *
 * - the built-in API answers in process (./built-in.ts), as its GraphQL does;
 * - a remote API answers at its auth endpoint (spec §7), asked by this server with the signed challenge
 *   (./remote.ts);
 * - a deployment in front of a remote API that names no auth and sign endpoints lets nobody in (./off.ts),
 *   and the log says why.
 *
 * The storefront around it (worker/session/account.ts, worker/middleware/auth.ts) does what is its own with
 * either API: the throttles on password tries, a guest's favorites moved into the account, and the login
 * cookies. Nothing here sets a cookie.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { CustomerType } from '../../core/customer-type';
import type { LoginSession } from '../session/login';
import { builtInIdentity } from './built-in';
import { offIdentity } from './off';
import { remoteIdentity } from './remote';

/** Why the API said no, as a message of `api.auth` in locales/ (spec §5, §8), never a sentence. */
export type AuthMessage =
  | 'wrongCredentials'
  | 'accountExists'
  | 'wrongPassword'
  | 'tooManyAttempts'
  | 'tooManyRegistrations'
  | 'invalidEmail'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'sessionExpired'
  | 'refreshedElsewhere'
  | 'signatureInvalid'
  | 'authUnavailable';

export interface Refusal {
  ok: false;
  status: 401 | 409 | 429 | 503;
  message: AuthMessage;
  retryAfterS?: number;
}

/** A session the API opened (its tokens, for the login cookies), or why not. */
export type IdentityResult = { ok: true; session: LoginSession } | Refusal;

export const refused = (status: Refusal['status'], message: AuthMessage, retryAfterS?: number): Refusal => ({
  ok: false,
  status,
  message,
  retryAfterS,
});

/** The customer of a request, as the API says. */
export type RequestCustomer = NonNullable<AppEnv['Variables']['customer']>;

/** What a request's login cookies say, for `authenticate`. */
export interface PresentedLogin {
  /** The access token (`ralph-auth`), as sent. */
  token: string | undefined;
  /** The refresh token (`ralph-auth-refresh`), as sent; undefined where this path may not refresh. */
  refreshToken: string | undefined;
  /** The session's browser key (`ralph-auth-browser`), when well-formed. */
  browserKey: string | undefined;
  /** How long the session the shopper chose at login lasts (`ralph-user-maxage`), when known. */
  sessionLifetime: number | undefined;
}

/** Who the request is, and what the storefront does with its login cookies. */
export interface Authentication {
  customer?: RequestCustomer;
  /** The token the API is asked with for this request (a remote API's; the built-in one reads the cookie). */
  authToken?: string;
  /** A session refreshed in place: its cookies go on the answer. */
  refreshed?: LoginSession;
  /** The refresh token no longer works: every login cookie goes. */
  endSession?: boolean;
  /** The access token names nobody: its cookie goes. */
  dropToken?: boolean;
}

export interface Registration {
  email: string;
  digest: string;
  customerType: CustomerType;
  lifetime: number;
  languageId: string;
  newsletter?: boolean;
}

/** A customer the storefront proved itself (a passkey), as the built-in API's sessions know them. */
export interface ProvenCustomer {
  id: number;
  email: string;
  sessionVersion: number;
  customerType: CustomerType;
}

export interface Identity {
  /** Who the presented login is; an expired token refreshed in place when a refresh token is given. */
  authenticate(c: Context<AppEnv>, login: PresentedLogin): Promise<Authentication>;
  logIn(c: Context<AppEnv>, input: { email: string; digest: string; lifetime: number }): Promise<IdentityResult>;
  /** The API keeps the account, sends its welcome and asks for the newsletter consent when ticked. */
  register(c: Context<AppEnv>, input: Registration): Promise<IdentityResult>;
  /**
   * With the right current password: the new one set, every other session ended, a new one opened. With a
   * wrong one (spec §8): the customer's sessions end everywhere ('wrongPassword').
   */
  changePassword(
    c: Context<AppEnv>,
    input: { email: string; digest: string; newDigest: string; lifetime: number },
  ): Promise<IdentityResult>;
  /**
   * The customer's password typed once more (deleting the account): confirmed, with the fresh token the API
   * should be asked with from then on when it gave one.
   */
  confirmPassword(
    c: Context<AppEnv>,
    customer: { id: number; email: string },
    digest: string,
  ): Promise<Refusal | { confirmed: true; authToken?: string }>;
  /** Ends the session (every session of the customer, issue 12). Ending an unknown one is not an error. */
  logOut(c: Context<AppEnv>, refreshToken: string | undefined): Promise<void>;
  /** Whether `token` has the shape of this API's refresh tokens. */
  isRefreshToken(token: string): boolean;
  /** Password reset links: the shape of the API's keys, whose account a key is, and using one. */
  reset: {
    keyPattern: RegExp;
    /** The account's address, 'unknown' when the API tells it only when the key is used, null when expired. */
    accountOf(c: Context<AppEnv>, key: string): Promise<string | 'unknown' | null>;
    /**
     * Sets the password: the session opened for the customer (when the API opens one for a reset key),
     * 'expired' for a key the API does not take, 'failed' when it could not be asked.
     */
    commit(
      c: Context<AppEnv>,
      input: { key: string; digest: string; lifetime: number },
    ): Promise<{ session: LoginSession | null } | 'expired' | 'failed'>;
  };
  /**
   * "Create an account from this order" (issue 14): an account for the address of the guest order
   * `publicId`, with the password chosen, the order its first and its details from the order's billing
   * address; 'taken' when the order is someone's already (or gone). The storefront proves the browser
   * placed the order (its claim) first. Null where the API cannot give a guest's order to a new account.
   */
  registerFromOrder:
    | ((
        c: Context<AppEnv>,
        input: { publicId: string; digest: string; lifetime: number },
      ) => Promise<(IdentityResult & { languageId?: string }) | 'taken'>)
    | null;
  /**
   * A session for a customer the storefront proved itself (a passkey, issue 13); null where the API opens
   * sessions only for a password.
   */
  openSession: ((c: Context<AppEnv>, customer: ProvenCustomer, lifetime: number) => Promise<LoginSession>) | null;
}

/** The configured API's identity (see above). */
export function identityOf(c: Context<AppEnv>): Identity {
  const config = c.get('config');
  if (!config.graphqlEndpoint) return builtInIdentity;
  if (config.remoteAuth) return remoteIdentity;
  if (!warned) console.warn('GRAPHQL_ENDPOINT is set without AUTH_ENDPOINT and SIGN_ENDPOINT: nobody can log in');
  warned = true;
  return offIdentity;
}

/** The log says once per isolate why nobody can log in, not on every request. */
let warned = false;
