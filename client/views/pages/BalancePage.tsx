/**
 * The customer's balance (spec §2 `/mina-sidor/saldo`…, issue 14): what is left in the market's currency,
 * how it is applied at checkout, and what was used on which order.
 */
import { useShop } from '../components/ShopContext';
import { MyPagesLayout } from '../components/account/AccountNav';

export interface BalanceView {
  /** The remaining balance, formatted in the market's currency. */
  remaining: string;
  used: { number: string; date: string; amount: string }[];
}

export function BalancePage({ balance }: { balance: BalanceView | null }) {
  const { t } = useShop();
  return (
    <MyPagesLayout
      title={t('account.balance.title')}
      current="account-balance"
      failed={balance === null ? 'account.balance.failed' : undefined}
    >
      {balance && (
        <div className="account-page__grid">
          <section className="account-card" aria-labelledby="balance-remaining">
            <h2 className="account-card__title" id="balance-remaining">
              {t('account.balance.remaining')}
            </h2>
            <p className="account-balance__amount">{balance.remaining}</p>
            <h3 className="account-balance__how">{t('account.balance.howTitle')}</h3>
            <p>{t('account.balance.how')}</p>
          </section>
          <section className="account-card" aria-labelledby="balance-used">
            <h2 className="account-card__title" id="balance-used">
              {t('account.balance.usedTitle')}
            </h2>
            {balance.used.length === 0 ? (
              <p>{t('account.balance.none')}</p>
            ) : (
              <ul className="account-balance__list">
                {balance.used.map((use) => (
                  <li key={use.number}>{t('account.balance.used', use)}</li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </MyPagesLayout>
  );
}
