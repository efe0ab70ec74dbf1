/**
 * The customer's own account (issue 3, Customer): getUser, updateUser, deleteUser, and the password
 * reset pair. Everything but the reset needs a logged-in customer (a verified token in the context).
 */
import { RESET_ACCOUNT_RULE, RESET_CLIENT_RULE, reserveAttempt } from '../../commerce/customers/throttle';
import { RECENT_PASSWORD_MS } from '../../commerce/customers/auth';
import * as v from 'valibot';
import {
  commitPasswordReset,
  createPasswordReset,
  customerBalance,
  deleteCustomer,
  findCustomer,
  updateCustomer,
  type CustomerRecord,
  RESET_KEY_PATTERN,
} from '../../commerce/customers/customers';
import { queuePasswordResetMail } from '../../commerce/mail/customer-mails';
import { isValidPersonalId } from '../../../core/checkout/identity-numbers';
import { isValidOrganizationId } from '../../../core/checkout/form';
import { unsubscribeFromNewsletter } from '../../commerce/customers/newsletter';
import { askNewsletterConsentFor } from '../newsletter-consent';
import { formatMoney } from '../../commerce/pricing/money';
import { findCustomerOrders, type OrderRecord } from '../../commerce/orders/records';
import { placedCartView } from '../cart-type';
import { orderType } from '../checkout-type';
import { resolveScope, type GraphQLContext, type Scope, type ScopeArgs } from '../context';
import { userError } from '../errors';
import type { DomainResolvers } from './types';
import { CUSTOMER_TYPES } from '../../../core/customer-type';

const Text = v.pipe(v.string(), v.trim(), v.maxLength(200));

const UserInput = v.strictObject({
  address: v.nullish(
    v.object({
      firstName: v.nullish(Text),
      lastName: v.nullish(Text),
      careOf: v.nullish(Text),
      addressLine1: v.nullish(Text),
      addressLine2: v.nullish(Text),
      addressLine3: v.nullish(Text),
      entryCode: v.nullish(Text),
      city: v.nullish(Text),
      state: v.nullish(Text),
      country: v.nullish(Text),
      zip: v.nullish(Text),
      company: v.nullish(Text),
      mobile: v.nullish(Text),
      phone: v.nullish(Text),
    }),
  ),
  gender: v.nullish(v.picklist(['UNSET', 'UNSPECIFIED', 'WOMAN', 'MAN'])),
  newsletter: v.nullish(v.boolean()),
  personalId: v.nullish(Text),
  customerType: v.nullish(v.picklist(CUSTOMER_TYPES)),
  // Free-text metadata is not kept by this shop: sending it is refused rather than silently dropped.
  metaData: v.nullish(v.literal('')),
});

const Email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email(), v.maxLength(254));
const Password = v.pipe(v.string(), v.minLength(1, 'required'), v.minLength(7, 'short'), v.maxLength(512));

async function signedIn(ctx: GraphQLContext, args: ScopeArgs): Promise<{ customer: CustomerRecord; scope: Scope }> {
  const customer = ctx.customer ? await findCustomer(ctx.db, ctx.customer.id) : null;
  if (!customer) throw userError(args.languageId, 'api.customer.notLoggedIn', undefined, 'UNAUTHENTICATED');
  return { customer, scope: await resolveScope(ctx, args) };
}

/**
 * The country an address names (a code, or a market country's name in any language) among the channel's
 * markets; the request's market when it names none of them.
 */
function countryCodeOf(country: string | null | undefined, scope: Scope): string {
  const wanted = country?.trim().toLowerCase();
  if (!wanted) return scope.market.countryCode;
  const market = scope.channel.markets.find(
    (candidate) =>
      candidate.countryCode.toLowerCase() === wanted ||
      Object.values(candidate.countryNames).some((name) => name.toLowerCase() === wanted),
  );
  return market?.countryCode ?? scope.market.countryCode;
}

/** UserType of the API; AddressType's strings are non-null there, so missing parts are ''. */
function userType(customer: CustomerRecord, scope: Scope, ctx: GraphQLContext) {
  const address = Object.fromEntries(Object.entries(customer.address).map(([key, value]) => [key, value ?? '']));
  return {
    id: customer.id,
    email: customer.email,
    customerType: customer.customerType,
    gender: customer.gender,
    newsletter: customer.newsletter,
    // The identity number of the account's type: a business's is its organisationsnummer.
    personalId: customer.customerType === 'ORGANIZATION' ? customer.organizationId : customer.personalId,
    address: { ...address, addressLine3: '', state: '', phone: address.mobile ?? '' },
    balance: async () => (await customerBalance(ctx.db, customer.id, scope.market.currency.code)) / 100,
    balanceFormatted: async () =>
      formatMoney(
        {
          amount: await customerBalance(ctx.db, customer.id, scope.market.currency.code),
          currency: scope.market.currency.code,
        },
        scope.language.id,
      ),
  };
}

async function accountOrderType(order: OrderRecord, args: ScopeArgs, ctx: GraphQLContext) {
  return orderType(order, await placedCartView(ctx, order, args.languageId), ctx);
}

export const customerResolvers: DomainResolvers = {
  GeinsMerchantApiQuery: {
    async getUser(_: unknown, args: ScopeArgs, ctx: GraphQLContext) {
      const { customer, scope } = await signedIn(ctx, args);
      return userType(customer, scope, ctx);
    },

    /** The customer's orders, newest first, each with its cart as it was placed. */
    async getOrders(_: unknown, args: ScopeArgs, ctx: GraphQLContext) {
      const { customer } = await signedIn(ctx, args);
      const orders = await findCustomerOrders(ctx.db, customer.id);
      return Promise.all(orders.map((order) => accountOrderType(order, args, ctx)));
    },

    /**
     * One of the customer's own orders by its number (OrderType.id, e.g. 100001); another customer's order
     * does not exist for them.
     */
    async getOrder(_: unknown, args: ScopeArgs & { orderId: number }, ctx: GraphQLContext) {
      const { customer } = await signedIn(ctx, args);
      const order = (await findCustomerOrders(ctx.db, customer.id)).find(
        (candidate) => Number(candidate.orderNumber) === args.orderId,
      );
      if (!order) throw userError(args.languageId, 'api.checkout.orderNotFound', undefined, 'NOT_FOUND');
      return accountOrderType(order, args, ctx);
    },
  },
  GeinsMerchantApiMutation: {
    async updateUser(_: unknown, args: ScopeArgs & { user: unknown }, ctx: GraphQLContext) {
      const { customer, scope } = await signedIn(ctx, args);
      const parsed = v.safeParse(UserInput, args.user);
      if (!parsed.success) throw userError(args.languageId, 'api.customer.invalidInput');
      const input = parsed.output;
      // `personalId` is the identity number of the account's type (after this update): a private
      // person's personnummer, a business's organisationsnummer, each checked for the market's country.
      const organization = (input.customerType ?? customer.customerType) === 'ORGANIZATION';
      const countryCode = countryCodeOf(input.address?.country, scope);
      if (input.personalId && organization && !isValidOrganizationId(countryCode, input.personalId)) {
        throw userError(args.languageId, 'api.customer.invalidOrganizationId');
      }
      if (input.personalId && !organization && !isValidPersonalId(countryCode, input.personalId)) {
        throw userError(args.languageId, 'api.customer.invalidPersonalId');
      }
      const identity = input.personalId ?? undefined;
      const { addressLine3: _line3, state: _state, phone, ...address } = input.address ?? {};
      const updated = await updateCustomer(
        ctx.db,
        customer.id,
        {
          customerType: input.customerType ?? undefined,
          gender: input.gender === 'UNSET' ? 'UNSPECIFIED' : (input.gender ?? undefined),
          ...(organization ? { organizationId: identity } : { personalId: identity }),
          newsletter: input.newsletter ?? undefined,
          address: Object.fromEntries(
            Object.entries({ ...address, mobile: address.mobile ?? phone }).filter(([, value]) => value != null),
          ),
        },
        ctx.now,
      );
      if (!updated) throw userError(args.languageId, 'api.customer.notLoggedIn', undefined, 'UNAUTHENTICATED');
      // The consent decides the subscription (spec §3 newsletter consent), as at registration.
      if (input.newsletter != null && input.newsletter !== customer.newsletter) {
        if (input.newsletter) await askNewsletterConsentFor(ctx, scope, updated.email, 'settings');
        else await unsubscribeFromNewsletter(ctx.db, updated.email);
      }
      return userType(updated, scope, ctx);
    },

    /**
     * Every path asks for the password (issue 24): the settings form checks it itself; a client of the
     * API has its customer log in with the password again and delete within RECENT_PASSWORD_MS.
     */
    async deleteUser(_: unknown, args: ScopeArgs, ctx: GraphQLContext) {
      const { customer } = await signedIn(ctx, args);
      if (ctx.customer?.impersonatedBy)
        throw userError(args.languageId, 'api.impersonation.refused', undefined, 'FORBIDDEN');
      const passwordAt = ctx.customer?.passwordAt;
      if (passwordAt === undefined || ctx.now.getTime() - passwordAt > RECENT_PASSWORD_MS)
        throw userError(args.languageId, 'api.customer.recentPasswordRequired', undefined, 'FORBIDDEN');
      return deleteCustomer(ctx.db, customer.id, ctx.now);
    },

    /**
     * Always true for a well-formed email, so nobody can learn which addresses have accounts: the answer
     * comes after the same work for every address (the throttle's reservation), and the account lookup,
     * key and mail follow in the background (issue 12: the time no longer tells, 31 vs 17 ms before).
     * Requests are limited per address and per client, whether the address has an account or not.
     */
    async requestPasswordReset(_: unknown, args: ScopeArgs & { email: string }, ctx: GraphQLContext) {
      const email = v.safeParse(Email, args.email);
      if (!email.success) throw userError(args.languageId, 'api.customer.invalidEmail');
      const reserved = await reserveAttempt(
        ctx.db,
        [
          { key: `reset:${email.output}`, rule: RESET_ACCOUNT_RULE },
          { key: `reset-client:${ctx.clientAddress ?? 'unknown'}`, rule: RESET_CLIENT_RULE },
        ],
        ctx.now,
      );
      if (!reserved.ok) throw userError(args.languageId, 'api.customer.tooManyResets', undefined, 'FORBIDDEN');
      const { channel, language } = await resolveScope(ctx, args);
      const work = sendResetMail(ctx, { email: email.output, channel, languageId: language.id });
      if (ctx.waitUntil) ctx.waitUntil(work.catch((error: unknown) => console.error('password reset failed', error)));
      else await work;
      return true;
    },

    async commitReset(_: unknown, args: ScopeArgs & { resetKey: string; password: string }, ctx: GraphQLContext) {
      const password = v.safeParse(Password, args.password);
      if (!password.success) {
        const required = password.issues[0].message === 'required';
        throw userError(args.languageId, required ? 'api.customer.passwordRequired' : 'api.customer.passwordTooShort');
      }
      const key = typeof args.resetKey === 'string' && RESET_KEY_PATTERN.test(args.resetKey) ? args.resetKey : '';
      const result = key
        ? await commitPasswordReset(ctx.db, { key, password: password.output, now: ctx.now })
        : 'expired';
      if (result === 'expired') throw userError(args.languageId, 'api.customer.resetExpired');
      return true;
    },
  },
};

/** The reset key and its mail (worker/commerce/mail), when the address has an account (nothing otherwise). */
async function sendResetMail(
  ctx: GraphQLContext,
  { email, channel, languageId }: { email: string; channel: { url: string; name: string }; languageId: string },
): Promise<void> {
  const key = await createPasswordReset(ctx.db, email, ctx.now);
  if (!key) return;
  await queuePasswordResetMail(ctx.db, ctx.mailQueue, {
    email,
    key,
    languageId,
    origin: ctx.origin ?? channel.url,
    shopName: channel.name,
    now: ctx.now,
  });
}
