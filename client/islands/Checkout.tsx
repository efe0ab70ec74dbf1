/**
 * The checkout island (issue 6 "Checkout"): the server renders the same plain POST form; once hydrated it
 * validates fields on blur and the form on submit with the same valibot schema, saves the details as the
 * shopper goes (debounced createOrUpdateCheckout), shows the carriers for the zip live, and runs 'Slutför
 * köp' itself (place-checkout.ts: validateOrderCreation, credit status, placeOrder), disabled while it
 * runs so a double click places one order. After placing, the shopper goes to placeOrder's redirectUrl; the
 * other tabs see the cart emptied at once only when that is the confirmation (no payment step). The page itself sends begin_checkout (a page
 * event, client/browser/analytics.ts), as the island wakes only when the shopper reaches for the form.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { cartStore } from '../store/cart-store';
import { CheckoutForm, ERROR_SUMMARY_ID } from '../views/components/checkout/CheckoutForm';
import type { FieldContext } from '../views/components/checkout/CheckoutFields';
import { fieldId } from '../views/components/checkout/CheckoutFields';
import { checkoutOptionsOf, chosenId, chosenPaymentCode, type CheckoutOptions } from '../../core/checkout/choices';
import {
  validateCheckoutField,
  validateCheckoutForm,
  type CheckoutErrors,
  type CheckoutFormValues,
  type CheckoutMarket,
  type FieldName,
} from '../../core/checkout/form';
import { checkoutInputOf } from '../../core/checkout/input';
import { placeOrder, saveCheckout, validateOrder, type CheckoutCall } from '../store/checkout-api';
import type { CheckoutTotals } from '../../core/graphql/checkout';
import { placeCheckout, shippingZipOf, type CheckoutNotice } from '../../core/checkout/place';
import type { CheckoutText } from '../../core/checkout/text';
import { showTotals } from './checkout-totals';
import { providerStepAfterSave, resumeProvider, suspendProvider } from '../browser/external-checkout';
import { EXTERNAL_SECTION_ID } from '../views/components/checkout/CheckoutOptions';

export interface CheckoutProps {
  cartId: string;
  /** The checkout market's id (spec §2). */
  marketId: string;
  market: CheckoutMarket;
  country: { code: string; name: string };
  /** The checkout page's path (the no-JS form comes back here). */
  redirect: string;
  /** placeOrder's redirectUrl for the confirmation page, with the API's placeholders. */
  confirmUrl: string;
  termsHref: string;
  pricesIncludeVat: boolean;
  values: CheckoutFormValues;
  errors: CheckoutErrors;
  notice: string | null;
  options: CheckoutOptions;
  total: string | null;
  text: CheckoutText;
}

/** How long the island waits after the last change before saving (the zip is typed a digit at a time). */
const SAVE_DELAY_MS = 450;

/** Fields whose change asks for new shipping options. */
const ZIP_FIELDS = new Set<keyof CheckoutFormValues>(['zip', 'deliveryZip', 'separateDelivery']);
/** Choices saved at once (no typing to wait for). */
const CHOICE_FIELDS = new Set<keyof CheckoutFormValues>(['shippingId', 'paymentId', 'separateDelivery']);

/** Whether placeOrder sends the shopper straight to the confirmation (no payment step: invoice, instalment). */
function goesToConfirmation(redirectUrl: string, confirmUrl: string): boolean {
  const base = window.location.href;
  return new URL(redirectUrl, base).pathname === new URL(confirmUrl, base).pathname;
}

/** What the shopper pays: including VAT, for a Företag too. */
function totalOf(totals: CheckoutTotals): string | null {
  return totals.cart?.summary?.total?.sellingPriceIncVatFormatted ?? null;
}

export default function Checkout(props: CheckoutProps) {
  const [values, setValues] = useState(props.values);
  const [errors, setErrors] = useState(props.errors);
  const [notice, setNotice] = useState<string | null>(props.notice);
  // True with the notice of a fault: 'Försök igen' places the order again.
  const [retryable, setRetryable] = useState(false);
  const [options, setOptions] = useState(props.options);
  const [total, setTotal] = useState(props.total);
  const [loadingShipping, setLoadingShipping] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [enhanced, setEnhanced] = useState(false);
  const valuesRef = useRef(values);
  const placingRef = useRef(false);
  const saveSeq = useRef(0);
  const externalRef = useRef(props.options.external);
  // Bumped when the provider's checkout starts afresh: its markup is put in again and its scripts run.
  const [externalSession, setExternalSession] = useState(0);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const call: CheckoutCall = { cartId: props.cartId, marketId: props.marketId };
  const text = props.text;
  const noticeText = (value: CheckoutNotice) => ('key' in value ? text[value.key] : value.text);

  useEffect(() => {
    setEnhanced(true);
    return () => clearTimeout(saveTimer.current);
  }, []);

  const applyOptions = (next: CheckoutOptions) => {
    externalRef.current = next.external;
    setOptions(next);
    // The chosen carrier stays when the new zip still has it; else the API's choice.
    const current = valuesRef.current;
    const shippingId = next.shipping.some((option) => String(option.id) === current.shippingId)
      ? current.shippingId
      : chosenId(next.shipping);
    if (shippingId !== current.shippingId) update({ ...current, shippingId });
  };

  const update = (next: CheckoutFormValues) => {
    valuesRef.current = next;
    setValues(next);
  };

  /** Saves the details now (debounced by the callers); only the latest answer is shown. */
  const save = async (zipChanged: boolean) => {
    const seq = ++saveSeq.current;
    if (zipChanged) setLoadingShipping(true);
    // A provider's checkout on the page waits while the order under it changes, then reads it again.
    // Unless the answer replaces it (new markup or session), the same checkout goes on afterwards.
    const shown = externalRef.current;
    let replaced = false;
    if (shown) suspendProvider(shown.type);
    try {
      const answer = await saveCheckout(call, checkoutInputOf(valuesRef.current, props.country.code));
      if (seq !== saveSeq.current) return;
      const next = checkoutOptionsOf(answer, props.pricesIncludeVat);
      const step = providerStepAfterSave(shown, next.external);
      replaced = step === 'rebuild' || next.external === null;
      if (step === 'rebuild') setExternalSession((session) => session + 1);
      applyOptions(next);
      setTotal(totalOf(answer));
      showTotals(answer, props.pricesIncludeVat, text['checkout.free']);
    } catch (error) {
      // Saving as the shopper types is a convenience: 'Slutför köp' saves again and says what is wrong.
      console.error('checkout save failed:', error instanceof Error ? error.message : error);
    } finally {
      if (seq === saveSeq.current) setLoadingShipping(false);
      // A save a later one overtook leaves the provider waiting for that one.
      if (shown && !replaced && seq === saveSeq.current) resumeProvider(shown.type);
    }
  };

  const scheduleSave = (zipChanged: boolean, delay = SAVE_DELAY_MS) => {
    clearTimeout(saveTimer.current);
    if (zipChanged) setLoadingShipping(true);
    saveTimer.current = setTimeout(() => void save(zipChanged), delay);
  };

  const revalidate = (field: FieldName, next: CheckoutFormValues) => {
    const problem = validateCheckoutField(field, next, props.market, chosenPaymentCode(options, next.paymentId));
    setErrors((current) => {
      if (current[field] === problem) return current;
      const updated = { ...current };
      if (problem) updated[field] = problem;
      else delete updated[field];
      return updated;
    });
  };

  const form: FieldContext = {
    values,
    errors,
    text,
    onChange(field, value) {
      const next = { ...valuesRef.current, [field]: value };
      update(next);
      if (field === 'customerType') {
        // Prices switch between inc and ex VAT: the server keeps the details and shows the page again.
        formRef.current?.requestSubmit(saveRef.current);
        return;
      }
      if (errors[field]) revalidate(field, next);
      if (ZIP_FIELDS.has(field) && shippingZipOf(next) !== shippingZipOf(values)) scheduleSave(true);
      else if (CHOICE_FIELDS.has(field)) scheduleSave(false, 0);
    },
    onBlur(field) {
      if (field !== 'customerType') revalidate(field, valuesRef.current);
      if (!ZIP_FIELDS.has(field)) scheduleSave(false);
    },
  };

  const showProblems = (nextErrors: CheckoutErrors, nextNotice: string | null) => {
    setErrors(nextErrors);
    setNotice(nextNotice);
    // The summary is a live region; focus moves to the first wrong field so it can be fixed at once.
    requestAnimationFrame(() => {
      const first = Object.keys(nextErrors)[0];
      const target = first ? document.getElementById(fieldId(first)) : document.getElementById(ERROR_SUMMARY_ID);
      target?.focus();
    });
  };

  const placeOrderNow = async () => {
    if (placingRef.current) return;
    const current = valuesRef.current;
    const paymentCode = chosenPaymentCode(options, current.paymentId);
    const found = validateCheckoutForm(current, props.market, paymentCode);
    if (Object.keys(found).length > 0) return showProblems(found, null);
    placingRef.current = true;
    setSubmitting(true);
    setNotice(null);
    setRetryable(false);
    clearTimeout(saveTimer.current);
    saveSeq.current++;
    const outcome = await placeCheckout(
      {
        save: (input) => saveCheckout(call, input),
        validate: (input) => validateOrder(call, input),
        place: (input) => placeOrder(call, input, props.confirmUrl),
      },
      current,
      props.market,
    );
    if (outcome.kind === 'external') {
      // The provider's checkout takes it from here: it is shown where 'Slutför köp' was.
      placingRef.current = false;
      setSubmitting(false);
      applyOptions(checkoutOptionsOf(outcome.choices, props.pricesIncludeVat));
      requestAnimationFrame(() => document.getElementById(EXTERNAL_SECTION_ID)?.focus());
      return;
    }
    if (outcome.kind === 'placed') {
      // The cart is ordered. With no payment step this tab lets go of it and the other tabs hear of it
      // (spec §4 cart message). With one, the cart cookie stays: it is what proves to the payment step that
      // this browser placed the order (issue 12); the confirmation page lets go of it once paid, and a
      // declined or abandoned payment gives the shopper a new cart with the same items.
      if (goesToConfirmation(outcome.redirectUrl, props.confirmUrl)) cartStore.replace(null, { publish: true });
      window.location.assign(outcome.redirectUrl);
      return;
    }
    placingRef.current = false;
    setSubmitting(false);
    if (outcome.choices) applyOptions(checkoutOptionsOf(outcome.choices, props.pricesIncludeVat));
    if (outcome.kind === 'invalid') showProblems(outcome.errors, null);
    else {
      showProblems({}, noticeText(outcome.notice));
      // A fault rather than a refusal (no words of the API's): 'Försök igen' places it again.
      setRetryable('key' in outcome.notice && outcome.notice.key === 'checkout.failed');
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : 'save';
    // A changed customer type goes to the server, which switches the VAT display for every price.
    if (intent === 'save' && valuesRef.current.customerType !== props.values.customerType) return;
    event.preventDefault();
    if (intent === 'place') void placeOrderNow();
    else scheduleSave(true, 0);
  };

  return (
    <CheckoutForm
      form={form}
      redirect={props.redirect}
      options={options}
      external={options.external?.paymentId === Number(values.paymentId) ? options.external : null}
      externalSession={externalSession}
      zipGiven={shippingZipOf(values) !== ''}
      loadingShipping={loadingShipping}
      country={props.country}
      termsHref={props.termsHref}
      notice={notice}
      onRetry={retryable ? () => void placeOrderNow() : null}
      total={total ? `${text['checkout.total']}: ${total}` : null}
      submitting={submitting}
      enhanced={enhanced}
      formRef={formRef}
      saveRef={saveRef}
      onSubmit={onSubmit}
    />
  );
}
