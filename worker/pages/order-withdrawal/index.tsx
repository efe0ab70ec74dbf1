/**
 * The withdrawal page (issue 14, "Ångra köp"; route `order-withdrawal`: /angra-kop, /da/fortrydelse,
 * /en/withdrawal, /fi/peruutus, /nb/angrerett). The order is named only by the signed link's token (`t`,
 * worker/commerce/orders/withdrawal-link.ts): no login is needed and no order number in the URL proves
 * anything. `step=review` with the chosen quantities (`q<position>`) shows what will be withdrawn and the
 * confirming POST form (worker/routes/forms/withdrawal.ts). Private, never cached, not indexed, and the
 * token is not sent on as a referrer.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { WithdrawalPage, type WithdrawalView } from '../../../client/views/pages/WithdrawalPage';
import type { MessageKey } from '../../../locales';
import { randomHex } from '../../commerce/crypto';
import { formatMoney } from '../../commerce/pricing/money';
import { readWithdrawalLink, withdrawalLinkKey } from '../../commerce/orders/withdrawal-link';
import {
  orderWithdrawals,
  withdrawalProblem,
  type OrderWithdrawals,
  type WithdrawalChoice,
} from '../../commerce/orders/withdrawal';
import { shopDateTime } from '../../commerce/shop-time';
import { pageTitle, renderPage } from '../../render/renderer';
import { apiOrderWithdrawals, withdrawalsByContact } from '../../session/api-withdrawal';
import { hrefFor } from '../../urls/links';
import type { PageHandler } from '../types';

/** The order a withdrawal token names, as of `now`; null for a bad, altered or expired token. */
export async function withdrawalOfToken(
  c: Context<AppEnv>,
  token: string,
  now: Date,
): Promise<OrderWithdrawals | null> {
  const secret = c.get('config').authSecret;
  if (!secret || !token) return null;
  const publicId = await readWithdrawalLink(await withdrawalLinkKey(secret), token, now);
  if (!publicId) return null;
  // In front of a remote API (issue 26) the order is the API's, for the customer whose it is.
  if (c.get('config').graphqlEndpoint) return apiOrderWithdrawals(c, publicId, now);
  return orderWithdrawals(c.env.DB, { publicId }, now);
}

/** The quantities `q<position>` of a query or form, for the order's lines (0 when absent); null when malformed. */
export function choiceOf(state: OrderWithdrawals, fields: Record<string, unknown>): WithdrawalChoice | null {
  const choice: { position: number; quantity: number }[] = [];
  for (const line of state.lines) {
    const raw = fields[`q${line.position}`];
    if (raw === undefined || raw === '') continue;
    if (typeof raw !== 'string' || !/^\d{1,4}$/.test(raw)) return null;
    choice.push({ position: line.position, quantity: Number(raw) });
  }
  return choice;
}

function viewOf(c: Context<AppEnv>, state: OrderWithdrawals, token: string): WithdrawalView {
  const languageId = c.get('languageId');
  const query = c.req.query();
  const parsed = choiceOf(state, query);
  const chosen = new Map((parsed ?? []).map((line) => [line.position, line.quantity]));
  let step: 'choose' | 'review' = query.step === 'review' ? 'review' : 'choose';
  let error: MessageKey | null = null;
  if (step === 'review') {
    const problem = parsed ? withdrawalProblem(state, parsed) : 'EXCEEDS_ORDER';
    if (problem === 'NOTHING_CHOSEN') error = 'withdrawal.nothingChosen';
    else if (problem === 'EXCEEDS_ORDER') error = 'withdrawal.exceeds';
    if (problem) step = 'choose';
  }
  const { period } = state;
  return {
    state: 'order',
    path: hrefFor(c, 'order-withdrawal', c.get('locale')),
    token,
    orderNumber: state.order.orderNumber,
    placed: shopDateTime(languageId, state.order.createdAt, false),
    period:
      period.kind === 'open'
        ? { kind: 'open', until: period.endsAt ? shopDateTime(languageId, period.endsAt, false) : null }
        : period.kind === 'ended'
          ? { kind: 'ended', on: shopDateTime(languageId, period.endedAt, false) }
          : { kind: 'none' },
    step,
    error,
    requestKey: randomHex(16),
    lines: state.lines.map((line) => ({
      position: line.position,
      name: line.name,
      articleNumber: line.articleNumber,
      bought: line.bought,
      remaining: line.remaining,
      chosen: Math.min(chosen.get(line.position) ?? 0, line.remaining),
    })),
    withdrawals: state.withdrawals.map((withdrawal) => ({
      recordedAt: shopDateTime(languageId, withdrawal.createdAt, true),
      lines: withdrawal.lines.map((line) => ({ name: line.name, quantity: line.quantity })),
    })),
    returnFee:
      state.returnFeeIncVat === null
        ? null
        : formatMoney({ amount: state.returnFeeIncVat, currency: state.order.currency }, languageId),
  };
}

export const orderWithdrawalPage: PageHandler = async (c) => {
  const now = new Date();
  const token = c.req.query('t') ?? '';
  // In front of a remote API where the merchant named no address for withdrawals (issue 26), the page
  // says how to withdraw instead (docs/decisions/021).
  const byContact = withdrawalsByContact(c);
  const state = byContact ? null : await withdrawalOfToken(c, token, now);
  c.header('Cache-Control', 'private, no-store');
  const view: WithdrawalView = state ? viewOf(c, state, token) : { state: byContact ? 'byContact' : 'invalid' };
  return renderPage(c, <WithdrawalPage view={view} />, {
    title: pageTitle(c, c.get('t')('withdrawal.title')),
    noindex: true,
    // The token is the page's key: not in the canonical link, and no referrer at all (the site's policy
    // already strips paths cross-site); the page script keeps it from analytics (client/browser/analytics.ts).
    canonical: new URL(hrefFor(c, 'order-withdrawal', c.get('locale')), c.req.url).href,
    meta: [{ name: 'referrer', content: 'no-referrer' }],
    prerender: true,
    ...(state || byContact ? {} : { status: 403 }),
  });
};
