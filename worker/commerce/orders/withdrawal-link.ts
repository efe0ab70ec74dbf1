/**
 * The signed withdrawal link (issue 14; docs/decisions/011-withdrawal.md): the order-confirmation mail and
 * the customer's order page lead to the withdrawal page with a token that names one order (its public id,
 * a UUID, never the order number) for this one purpose (./order-tokens.ts). It grants nothing but
 * withdrawing from that order while its period lasts.
 */
import { orderToken } from './order-tokens';

/** How long a link opens: far beyond any withdrawal period (the page then says when the period ended). */
export const WITHDRAWAL_LINK_TTL_S = 400 * 24 * 3600;

const WITHDRAWAL_LINK = orderToken('order-withdrawal', 'order withdrawal links', WITHDRAWAL_LINK_TTL_S);

/** The signing key of withdrawal links, derived from the deployment's AUTH_SECRET. */
export const withdrawalLinkKey = WITHDRAWAL_LINK.key;
/** The token of the withdrawal link of the order with public id `publicId`. */
export const signWithdrawalLink = WITHDRAWAL_LINK.sign;
/** The public id of the order a withdrawal token names, or null when it is not ours, altered or expired. */
export const readWithdrawalLink = WITHDRAWAL_LINK.read;
