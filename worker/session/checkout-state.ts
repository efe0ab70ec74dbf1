/**
 * What the no-JavaScript checkout POSTs hand back to the checkout page besides what the cart keeps
 * (worker/routes/forms/checkout.ts): the field errors of spec §5, a notice (the API's or the credit
 * check's words), the shopper's message to the shop and the terms tick, which the API's CheckoutType does
 * not return. A short-lived httpOnly cookie read once by the page, checked with valibot when read.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { CHECKBOX_FIELDS, FIELD_MAX_LENGTH, TEXT_FIELDS, type CheckoutErrors } from '../../core/checkout/form';
import type { AppEnv } from '../app-env';
import { CHECKOUT_STATE_COOKIE, CHECKOUT_STATE_COOKIE_MAX_AGE_S } from './cookies';
import { oneTimeCookie } from './one-time-cookie';

/** Browsers keep cookies up to 4 KB; the state stays well below (a long message is left out). */
const MAX_COOKIE_BYTES = 3600;

const FIELD_NAMES = [...TEXT_FIELDS, ...CHECKBOX_FIELDS] as const;
const VALIDATION_KEYS = [
  'email',
  'required',
  'personalId',
  'organizationId',
  'vatNumber',
  'country',
  'terms',
  'summary',
].map((key) => `checkout.validation.${key}` as const);

const CheckoutStateSchema = v.object({
  errors: v.optional(v.record(v.picklist(FIELD_NAMES), v.picklist(VALIDATION_KEYS)), {}),
  notice: v.optional(v.pipe(v.string(), v.maxLength(600))),
  message: v.optional(v.pipe(v.string(), v.maxLength(1000))),
  customerOrderNumber: v.optional(v.pipe(v.string(), v.maxLength(FIELD_MAX_LENGTH.customerOrderNumber))),
  vatNumber: v.optional(v.pipe(v.string(), v.maxLength(FIELD_MAX_LENGTH.vatNumber))),
  terms: v.optional(v.boolean(), false),
});

export interface CheckoutState {
  errors: CheckoutErrors;
  /** Plain text shown above the form (never HTML). */
  notice?: string;
  message?: string;
  /** A business buyer's reference and VAT number (issue 14), which CheckoutType does not return either. */
  customerOrderNumber?: string;
  vatNumber?: string;
  terms: boolean;
}

const stateCookie = oneTimeCookie(CHECKOUT_STATE_COOKIE, CHECKOUT_STATE_COOKIE_MAX_AGE_S, CheckoutStateSchema);

/** Stores the state the checkout page shows next (a message too long for a cookie is left out). */
export function setCheckoutState(c: Context<AppEnv>, state: CheckoutState): void {
  let json = JSON.stringify(state);
  if (encodeURIComponent(json).length > MAX_COOKIE_BYTES) json = JSON.stringify({ ...state, message: undefined });
  stateCookie.set(c, state, json);
}

/** The state waiting for the checkout page, cleared so a reload starts clean; null when there is none. */
export function takeCheckoutState(c: Context<AppEnv>): CheckoutState | null {
  return stateCookie.take(c) as CheckoutState | null;
}
