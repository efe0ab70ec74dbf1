/**
 * The withdrawal function in front of a remote commerce API (issue 26, docs/decisions/021), keyed by what
 * the API gives: the order is the API's (`getOrderPublic` with the customer's token: its number, status,
 * dates and lines), the withdrawals are the storefront's own (worker/commerce/orders/api-withdrawals.ts).
 * A Geins API has no place for withdrawals and sends no withdrawal link, and its orders name no email
 * address: the function is for the logged-in customer whose order it is (my pages hold the links), and it
 * is on only where the merchant named the address that gets each withdrawal (WITHDRAWAL_NOTICE_TO), so
 * nothing is written that nobody reads. Each withdrawal is acknowledged to the customer on a durable
 * medium (a mail, as the directive asks) and told to the merchant, both through the storefront's outbox.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { apiErrorOf } from '../../core/api-errors';
import { graphql } from '../../core/graphql/tada';
import { orderStatusOfApi } from '../../core/order-status';
import { recordStorefrontWithdrawal, storefrontWithdrawals } from '../commerce/orders/api-withdrawals';
import type { OrderWithdrawals, WithdrawalChoice, WithdrawalRefusal } from '../commerce/orders/withdrawal';
import { withdrawalProblem } from '../commerce/orders/withdrawal';
import { signWithdrawalLink, withdrawalLinkKey } from '../commerce/orders/withdrawal-link';
import { withdrawalPeriod } from '../commerce/orders/withdrawal-period';
import { queueMail } from '../commerce/mail/outbox';
import { withdrawalNoticeMail, withdrawalReceiptMail } from '../commerce/mail/order-templates';
import { publicOrigin } from '../urls/request';

const WITHDRAWAL_ORDER = graphql(/* GraphQL */ `
  query storefrontWithdrawalOrder($publicOrderId: Guid!, $channelId: String, $languageId: String, $marketId: String) {
    getOrderPublic(publicOrderId: $publicOrderId, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
      publicId
      customerId
      status
      createdAt
      completedAt
      currency
      cart {
        items {
          skuId
          quantity
          product {
            name
            articleNumber
          }
        }
      }
    }
  }
`);

/** Whether the withdrawal function works on a remote API's orders here (see above). */
export function apiWithdrawalsOn(c: Context<AppEnv>): boolean {
  const config = c.get('config');
  return config.graphqlEndpoint !== null && config.withdrawalNoticeTo !== null;
}

/**
 * Whether withdrawals go through customer service instead: in front of a remote API where the merchant
 * named no address that gets them.
 */
export function withdrawalsByContact(c: Context<AppEnv>): boolean {
  const config = c.get('config');
  return config.graphqlEndpoint !== null && config.withdrawalNoticeTo === null;
}

/**
 * The API's order `publicId` with the storefront's withdrawals of it, as of `now`, for the logged-in
 * customer whose order it is; null for anyone else, or an order the API does not know.
 */
export async function apiOrderWithdrawals(
  c: Context<AppEnv>,
  publicId: string,
  now: Date,
): Promise<OrderWithdrawals | null> {
  const customer = c.get('customer');
  if (!customer || !apiWithdrawalsOn(c)) return null;
  let order;
  try {
    order = (await c.get('graphql').query(WITHDRAWAL_ORDER, { publicOrderId: publicId })).getOrderPublic;
  } catch (error) {
    if (apiErrorOf(error)?.code === 'NOT_FOUND') return null;
    throw error;
  }
  if (!order?.id || order.publicId !== publicId || order.customerId !== customer.id) return null;
  const recorded = await storefrontWithdrawals(c.env.DB, publicId);
  const withdrawn = new Map<number, number>();
  for (const withdrawal of recorded)
    for (const row of withdrawal.rows) withdrawn.set(row.position, (withdrawn.get(row.position) ?? 0) + row.quantity);
  const lines = (order.cart?.items ?? []).flatMap((item, index) => {
    if (!item || item.quantity < 1) return [];
    const position = index + 1;
    const done = withdrawn.get(position) ?? 0;
    return [
      {
        position,
        skuId: item.skuId,
        name: item.product?.name ?? String(item.skuId),
        articleNumber: item.product?.articleNumber ?? '',
        bought: item.quantity,
        withdrawn: done,
        remaining: Math.max(item.quantity - done, 0),
      },
    ];
  });
  const status = orderStatusOfApi(order.status);
  return {
    order: {
      id: order.id,
      publicId,
      orderNumber: String(order.id),
      customerId: customer.id,
      status,
      languageId: c.get('languageId'),
      marketId: c.get('market').id,
      currency: order.currency ?? c.get('market').currency.code,
      email: customer.email,
      createdAt: order.createdAt ?? now.toISOString(),
    },
    // The API says when the order was completed, not how long its delivery takes: the longest assumed.
    period: withdrawalPeriod({ status, completedAt: order.completedAt ?? null, deliveryDays: null }, now),
    lines,
    withdrawals: recorded.map((withdrawal) => ({
      id: withdrawal.id,
      createdAt: withdrawal.createdAt,
      lines: withdrawal.rows.map((row) => {
        const line = lines.find((candidate) => candidate.position === row.position);
        return {
          position: row.position,
          name: line?.name ?? '',
          articleNumber: line?.articleNumber ?? '',
          quantity: row.quantity,
        };
      }),
    })),
    // A Geins market states no return fee: the page and the mail say how to return without one.
    returnFeeIncVat: null,
  };
}

/**
 * Records the customer's withdrawal of `choice` from the API's order `state`, and mails its
 * acknowledgement to the customer and its notice to the merchant (once each: their event keys).
 */
export async function recordApiWithdrawal(
  c: Context<AppEnv>,
  state: OrderWithdrawals,
  input: { choice: WithdrawalChoice; requestKey: string; now: Date },
): Promise<{ withdrawalId: number } | { refusal: WithdrawalRefusal }> {
  const problem = withdrawalProblem(state, input.choice);
  if (problem) return { refusal: problem };
  const result = await recordStorefrontWithdrawal(c.env.DB, {
    publicId: state.order.publicId,
    customerId: state.order.customerId ?? 0,
    lines: state.lines,
    choice: input.choice,
    requestKey: input.requestKey,
    now: input.now,
  });
  if ('refusal' in result) return result;
  await mailWithdrawal(c, state, result.withdrawalId, input);
  return { withdrawalId: result.withdrawalId };
}

async function mailWithdrawal(
  c: Context<AppEnv>,
  state: OrderWithdrawals,
  withdrawalId: number,
  input: { choice: WithdrawalChoice; now: Date },
): Promise<void> {
  const config = c.get('config');
  const secret = config.authSecret;
  const to = config.withdrawalNoticeTo;
  if (!secret || !to) return;
  const lines = input.choice
    .filter((line) => line.quantity > 0)
    .map((line) => {
      const row = state.lines.find((candidate) => candidate.position === line.position);
      return { name: row?.name ?? '', articleNumber: row?.articleNumber ?? '', quantity: line.quantity };
    });
  const origin = publicOrigin(c);
  const shopName = c.get('channel').name;
  const recordedAt = input.now.toISOString();
  const receipt = withdrawalReceiptMail({
    languageId: state.order.languageId,
    origin,
    shopName,
    orderNumber: state.order.orderNumber,
    recordedAt,
    lines,
    returnFee: null,
    withdrawalToken: await signWithdrawalLink(await withdrawalLinkKey(secret), state.order.publicId, input.now),
  });
  const merchantLanguage = c.get('channel').defaultLanguageId;
  const notice = withdrawalNoticeMail({
    languageId: merchantLanguage,
    origin,
    shopName,
    orderNumber: state.order.orderNumber,
    recordedAt,
    customerEmail: state.order.email,
    lines,
  });
  const key = `storefront-withdrawal-${withdrawalId}`;
  await Promise.all([
    queueMail(
      c.env.DB,
      c.env.MAIL_QUEUE,
      {
        recipient: state.order.email,
        languageId: state.order.languageId,
        kind: 'WITHDRAWAL_RECEIPT',
        ...receipt,
        eventKey: key,
      },
      input.now,
    ),
    queueMail(
      c.env.DB,
      c.env.MAIL_QUEUE,
      {
        recipient: to,
        languageId: merchantLanguage,
        kind: 'WITHDRAWAL_RECEIPT',
        ...notice,
        eventKey: `${key}-merchant`,
      },
      input.now,
    ),
  ]);
}
