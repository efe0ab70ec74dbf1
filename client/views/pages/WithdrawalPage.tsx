/**
 * "Ångra köp" (issue 14; worker/pages/order-withdrawal): the withdrawal of an order reached with its signed
 * link, by a guest from the confirmation mail or a customer from my pages. Three steps, no script needed:
 * choose the items and quantities (a GET form back to this page), review them and confirm (a POST,
 * worker/routes/forms/withdrawal.ts), then the acknowledgement with its date and time and how to send the
 * goods back. Outside the period the page says when it ended; a bad link says so and offers nothing.
 */
import type { MessageKey } from '../../../locales';
import { useShop } from '../components/ShopContext';
import { ACCOUNT_FORM_ACTIONS } from '../../../core/account-form-actions';

export interface WithdrawalLineView {
  position: number;
  name: string;
  articleNumber: string;
  bought: number;
  remaining: number;
  /** What the shopper chose (kept when the page answers with an error); 0 when nothing. */
  chosen: number;
}

export type WithdrawalView =
  | { state: 'invalid' }
  /** In front of a remote API (issue 26): the shop's own withdrawal function is off; customer service helps. */
  | { state: 'byContact' }
  | {
      state: 'order';
      /** This page's path without its query (the forms' target). */
      path: string;
      token: string;
      orderNumber: string;
      placed: string;
      period: { kind: 'open'; until: string | null } | { kind: 'ended'; on: string } | { kind: 'none' };
      step: 'choose' | 'review';
      error: MessageKey | null;
      requestKey: string;
      lines: WithdrawalLineView[];
      withdrawals: { recordedAt: string; lines: { name: string; quantity: number }[] }[];
      /** What the return costs; null where the shop does not know it (a remote API's order, issue 26). */
      returnFee: string | null;
    };

function ReturnInstructions({ fee }: { fee: string | null }) {
  const { t } = useShop();
  return (
    <section className="account-card withdrawal__return" aria-labelledby="withdrawal-return">
      <h2 className="account-card__title" id="withdrawal-return">
        {t('withdrawal.return.title')}
      </h2>
      <p>{fee === null ? t('withdrawal.return.howNoFee') : t('withdrawal.return.how', { fee })}</p>
      <p>{t('withdrawal.return.when')}</p>
      <p>{t('withdrawal.return.refund')}</p>
    </section>
  );
}

function Receipts({ view }: { view: Extract<WithdrawalView, { state: 'order' }> }) {
  const { t } = useShop();
  if (view.withdrawals.length === 0) return null;
  return (
    <>
      <section className="account-card withdrawal__done" aria-labelledby="withdrawal-done" id="withdrawal-done-card">
        <h2 className="account-card__title" id="withdrawal-done">
          {t('withdrawal.doneTitle')}
        </h2>
        {view.withdrawals.map((withdrawal) => (
          <div key={withdrawal.recordedAt} className="withdrawal__receipt">
            <p className="withdrawal__time">{t('withdrawal.recordedAt', { dateTime: withdrawal.recordedAt })}</p>
            <ul>
              {withdrawal.lines.map((line) => (
                <li key={line.name}>{t('withdrawal.line', { quantity: line.quantity, name: line.name })}</li>
              ))}
            </ul>
          </div>
        ))}
        <p>{t('withdrawal.mailed')}</p>
      </section>
      <ReturnInstructions fee={view.returnFee} />
    </>
  );
}

function ChooseStep({ view }: { view: Extract<WithdrawalView, { state: 'order' }> }) {
  const { t } = useShop();
  const open = view.lines.filter((line) => line.remaining > 0);
  if (open.length === 0) return <p className="account-card">{t('withdrawal.allWithdrawn')}</p>;
  return (
    <form className="account-card account-form" method="get" action={view.path} aria-labelledby="withdrawal-choose">
      <h2 className="account-card__title" id="withdrawal-choose">
        {t('withdrawal.chooseTitle')}
      </h2>
      <input type="hidden" name="t" value={view.token} />
      <input type="hidden" name="step" value="review" />
      {view.error && (
        <p className="field__error withdrawal__error" role="alert" id="withdrawal-error">
          {t(view.error)}
        </p>
      )}
      <ul className="withdrawal__lines">
        {open.map((line) => (
          <li key={line.position} className="withdrawal__line field">
            <label className="field__label" htmlFor={`withdraw-${line.position}`}>
              {t('withdrawal.quantityLabel', { name: line.name })}
            </label>
            <span className="field__hint" id={`withdraw-${line.position}-hint`}>
              {t('confirm.articleNumber', { number: line.articleNumber })} ·{' '}
              {t('withdrawal.bought', { bought: line.bought, remaining: line.remaining })}
            </span>
            <select
              className="field__input withdrawal__quantity"
              id={`withdraw-${line.position}`}
              name={`q${line.position}`}
              defaultValue={String(line.chosen)}
              aria-describedby={`withdraw-${line.position}-hint${view.error ? ' withdrawal-error' : ''}`}
            >
              {Array.from({ length: line.remaining + 1 }, (_, quantity) => (
                <option key={quantity} value={quantity}>
                  {quantity}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <button className="button button--primary account-form__submit" type="submit">
        {t('withdrawal.continue')}
      </button>
    </form>
  );
}

function ReviewStep({ view }: { view: Extract<WithdrawalView, { state: 'order' }> }) {
  const { t } = useShop();
  const chosen = view.lines.filter((line) => line.chosen > 0);
  const change = `${view.path}?${new URLSearchParams([
    ['t', view.token],
    ...chosen.map((line) => [`q${line.position}`, String(line.chosen)]),
  ])}`;
  return (
    <form
      className="account-card account-form"
      method="post"
      action={ACCOUNT_FORM_ACTIONS.orderWithdrawal}
      aria-labelledby="withdrawal-review"
    >
      <h2 className="account-card__title" id="withdrawal-review">
        {t('withdrawal.reviewTitle')}
      </h2>
      <p>{t('withdrawal.reviewIntro', { number: view.orderNumber })}</p>
      <ul className="withdrawal__chosen">
        {chosen.map((line) => (
          <li key={line.position}>
            {t('withdrawal.line', { quantity: line.chosen, name: line.name })}
            <input type="hidden" name={`q${line.position}`} value={line.chosen} />
          </li>
        ))}
      </ul>
      <input type="hidden" name="t" value={view.token} />
      <input type="hidden" name="key" value={view.requestKey} />
      <input type="hidden" name="page" value={view.path} />
      <button className="button button--primary account-form__submit" type="submit">
        {t('withdrawal.confirm')}
      </button>
      <a className="button button--secondary" href={change}>
        {t('withdrawal.change')}
      </a>
    </form>
  );
}

export function WithdrawalPage({ view }: { view: WithdrawalView }) {
  const { t } = useShop();
  return (
    <div className="account-page account-page--narrow withdrawal">
      <h1 className="account-page__title">{t('withdrawal.title')}</h1>
      {view.state === 'invalid' ? (
        <p className="account-card withdrawal__notice" role="alert">
          {t('withdrawal.invalidLink')}
        </p>
      ) : view.state === 'byContact' ? (
        <p className="account-card withdrawal__notice">{t('withdrawal.byContact')}</p>
      ) : (
        <>
          {view.period.kind !== 'none' && (
            <p className="account-page__intro">
              {t('withdrawal.intro', { number: view.orderNumber, date: view.placed })}
            </p>
          )}
          <Receipts view={view} />
          {view.period.kind === 'none' ? (
            <p className="account-card withdrawal__notice">{t('withdrawal.none', { number: view.orderNumber })}</p>
          ) : view.period.kind === 'ended' ? (
            <p className="account-card withdrawal__notice">
              {t('withdrawal.ended', { number: view.orderNumber, date: view.period.on })}
            </p>
          ) : (
            <>
              <p className="withdrawal__until">
                {view.period.until ? t('withdrawal.until', { date: view.period.until }) : t('withdrawal.notDispatched')}
              </p>
              {view.step === 'review' ? <ReviewStep view={view} /> : <ChooseStep view={view} />}
            </>
          )}
        </>
      )}
    </div>
  );
}
