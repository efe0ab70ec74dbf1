/**
 * The customer's balance (spec §2 `/mina-sidor/saldo`, `/en/my-account/balance`…; issue 14): the API's
 * `getUser.balanceFormatted` (the ledger's sum in the market's currency) and, from `getOrders`, the orders
 * it paid part of. Guarded like every account page; never cached.
 */
import { BalancePage } from '../../../client/views/pages/BalancePage';
import { graphql } from '../../../core/graphql/tada';
import { formatMoney } from '../../commerce/pricing/money';
import { shopDateTime } from '../../commerce/shop-time';
import { pageTitle, renderPage } from '../../render/renderer';
import { routeAlternates } from '../../urls/seo';
import { deferred, type PageHandler } from '../types';

export const ACCOUNT_BALANCE = graphql(/* GraphQL */ `
  query accountBalance($channelId: String, $languageId: String, $marketId: String) {
    getUser(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      balanceFormatted
    }
    getOrders(channelId: $channelId, languageId: $languageId, marketId: $marketId) {
      id
      createdAt
      currency
      fromBalance
    }
  }
`);

export const accountBalancePage: PageHandler = async (c) => {
  const t = c.get('t');
  const languageId = c.get('languageId');
  const data = await deferred(c.get('graphql').query(ACCOUNT_BALANCE, {}), 'account balance');
  const date = (iso: string) => shopDateTime(languageId, iso);
  const balance = data
    ? {
        remaining:
          data.getUser?.balanceFormatted ??
          formatMoney({ amount: 0, currency: c.get('market').currency.code }, languageId),
        used: (data.getOrders ?? []).flatMap((order) =>
          order && order.fromBalance > 0
            ? [
                {
                  number: String(order.id ?? ''),
                  date: order.createdAt ? date(order.createdAt) : '',
                  amount: formatMoney(
                    {
                      amount: Math.round(order.fromBalance * 100),
                      currency: order.currency ?? c.get('market').currency.code,
                    },
                    languageId,
                  ),
                },
              ]
            : [],
        ),
      }
    : null;
  c.header('Cache-Control', 'private, no-store');
  return renderPage(c, <BalancePage balance={balance} />, {
    title: pageTitle(c, t('account.balance.title')),
    alternates: routeAlternates(c, 'account-balance'),
    noindex: true,
    prerender: true,
  });
};
