/**
 * Privatperson / Företag (spec §1, §4): two submit buttons of a plain POST form to /api/customer-type,
 * which stores the `ralph-user-type` cookie and comes back to this page with every price shown
 * including (PERSON) or excluding (ORGANIZATION) VAT. Works without JavaScript.
 */
import { useShop } from './ShopContext';
import { FORM_ACTIONS } from '../../../core/form-actions';

export function CustomerTypeSwitch() {
  const { t, customerType, currentPath } = useShop();
  // Fixed ids: the header is rendered as a string of its own (Prerendered), where useId could repeat.
  const labelId = 'customer-type-label';
  const choices = [
    { type: 'PERSON', label: t('chrome.customerType.person') },
    { type: 'ORGANIZATION', label: t('chrome.customerType.organization') },
  ] as const;
  return (
    <form className="customer-type" method="post" action={FORM_ACTIONS.customerType}>
      <input type="hidden" name="redirect" value={currentPath} />
      <span className="customer-type__label" id={labelId}>
        {t('chrome.customerType.label')}
      </span>
      <span className="customer-type__choices" role="group" aria-labelledby={labelId}>
        {choices.map((choice) => (
          <button
            key={choice.type}
            className="customer-type__choice"
            type="submit"
            name="type"
            value={choice.type}
            aria-pressed={customerType === choice.type}
          >
            {choice.label}
          </button>
        ))}
      </span>
      <span className="customer-type__vat">
        {t(customerType === 'ORGANIZATION' ? 'chrome.customerType.exVat' : 'chrome.customerType.incVat')}
      </span>
    </form>
  );
}
