/**
 * Confirming a withdrawal ("Ångra köp", issue 14) without JavaScript: a CSRF-checked POST of the page's
 * token (`t`), the chosen quantities (`q<position>`) and the form's own key, answered with 303 back to
 * the withdrawal page. The token is the only thing that names the order (worker/pages/order-withdrawal):
 * a field naming another order does not exist, and a bad token changes nothing. Recorded, the
 * acknowledgement mail is queued once (worker/commerce/mail/order-mails.ts) and the page shows it.
 */
import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import * as v from 'valibot';
import type { AppEnv } from '../../app-env';
import { ACCOUNT_FORM_ACTIONS } from '../../../core/account-form-actions';
import { recordWithdrawal, type WithdrawalRefusal } from '../../commerce/orders/withdrawal';
import { mailOrderEvents, orderMailSetupOf } from '../../mail/order-events';
import { recordApiWithdrawal } from '../../session/api-withdrawal';
import { choiceOf, withdrawalOfToken } from '../../pages/order-withdrawal/index';
import { redirectWithFlash, type FlashKey } from '../../session/flash';
import { hrefFor } from '../../urls/links';
import { localeOfPath } from '../../urls/request';
import { SameSitePath } from '../../urls/same-site';

const WithdrawalForm = v.looseObject({
  t: v.pipe(v.string(), v.maxLength(2048)),
  key: v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/)),
  page: v.optional(SameSitePath),
});

const REFUSALS: Record<WithdrawalRefusal, FlashKey> = {
  NOT_WITHDRAWABLE: 'forms.withdrawal.notWithdrawable',
  PERIOD_ENDED: 'forms.withdrawal.ended',
  NOTHING_CHOSEN: 'forms.withdrawal.nothingChosen',
  EXCEEDS_ORDER: 'forms.withdrawal.exceeds',
};

/** The withdrawal page in the language of the page the form was on, with `token`. */
function pageOf(c: Context<AppEnv>, page: string | undefined, token: string): string {
  const locale = page
    ? localeOfPath(new URL(page, 'http://localhost').pathname, c.get('config').marketInPath)
    : c.get('locale');
  const path = hrefFor(c, 'order-withdrawal', locale);
  return token ? `${path}?${new URLSearchParams({ t: token })}` : path;
}

/** Whether the logged-in customer (if any) is the one who placed the order. */
function isOrdersCustomer(customer: { id: number } | undefined, orderCustomerId: number | null | undefined): boolean {
  return customer !== undefined && customer.id === orderCustomerId;
}

export function withdrawalFormRoutes() {
  const routes = new Hono<AppEnv>();
  routes.use('/api/orders/*', csrf());

  routes.post(ACCOUNT_FORM_ACTIONS.orderWithdrawal, async function withdrawForm(c) {
    const now = new Date();
    const body = await c.req.parseBody();
    const parsed = v.safeParse(WithdrawalForm, body);
    const token = parsed.success ? parsed.output.t : '';
    const back = pageOf(c, parsed.success ? parsed.output.page : undefined, token);
    const state = parsed.success ? await withdrawalOfToken(c, token, now) : null;
    // A bad or altered token: the page says the link cannot be used; nothing is recorded.
    if (!parsed.success || !state) {
      c.header('Cache-Control', 'no-store');
      return c.redirect(pageOf(c, parsed.success ? parsed.output.page : undefined, ''), 303);
    }
    const choice = choiceOf(state, body);
    if (!choice) return redirectWithFlash(c, back, { kind: 'error', key: 'forms.withdrawal.invalidInput', params: {} });
    // In front of a remote API (issue 26) the order is the API's and the withdrawal the storefront's own,
    // acknowledged and told to the merchant by mail as it is recorded (worker/session/api-withdrawal.ts).
    if (c.get('config').graphqlEndpoint) {
      const recorded = await recordApiWithdrawal(c, state, { choice, requestKey: parsed.output.key, now });
      if ('refusal' in recorded)
        return redirectWithFlash(c, back, { kind: 'error', key: REFUSALS[recorded.refusal], params: {} });
      return redirectWithFlash(c, back, { kind: 'success', key: 'forms.withdrawal.recorded', params: {} });
    }
    const result = await recordWithdrawal(c.env.DB, {
      orderId: state.order.id,
      choice,
      requestKey: parsed.output.key,
      via: isOrdersCustomer(c.get('customer'), state.order.customerId) ? 'ACCOUNT' : 'LINK',
      now,
    });
    if ('refusal' in result)
      return redirectWithFlash(c, back, { kind: 'error', key: REFUSALS[result.refusal], params: {} });
    // The acknowledgement mail, once per withdrawal (its event key), before the shopper sees the receipt.
    await mailOrderEvents(await orderMailSetupOf(c, now), state.order.id);
    return redirectWithFlash(c, back, { kind: 'success', key: 'forms.withdrawal.recorded', params: {} });
  });

  return routes;
}
