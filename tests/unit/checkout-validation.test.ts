import { describe, expect, test } from 'vitest';
import {
  checkoutValuesOf,
  validateCheckoutField,
  validateCheckoutForm,
  type CheckoutFormValues,
} from '../../core/checkout/form';
import { checkoutInputOf, checkoutValuesFromSaved } from '../../core/checkout/input';

const SWEDEN = { countryCode: 'SE', countryNames: ['Sverige', 'Sweden'] };
const FINLAND = { countryCode: 'FI', countryNames: ['Suomi', 'Finland'] };

/** A complete form of a Privatperson in Stockholm, as posted. */
function person(overrides: Record<string, string> = {}): CheckoutFormValues {
  return checkoutValuesOf(
    {
      email: 'anna@example.com',
      phone: '0701234567',
      firstName: 'Anna',
      lastName: 'Svensson',
      personalId: '811218-9876',
      addressLine1: 'Storgatan 1',
      zip: '114 55',
      city: 'Stockholm',
      country: 'SE',
      paymentId: '3',
      terms: 'on',
      ...overrides,
    },
    'PERSON',
  );
}

describe("the checkout form's validation (spec §5)", () => {
  test('a complete form paying by invoice has no problems', () => {
    expect(validateCheckoutForm(person(), SWEDEN, 'INVOICE')).toEqual({});
  });

  test.each([
    ['anna@example.com', true],
    ['anna.svensson+kassa@kontor.example.se', true],
    ['anna@example', false],
    ['anna.example.com', false],
    ['anna @example.com', false],
    ['@example.com', false],
  ])('the email %s is valid: %s', (email, valid) => {
    expect(validateCheckoutField('email', person({ email }), SWEDEN, 'CARD')).toBe(
      valid ? undefined : 'checkout.validation.email',
    );
  });

  test('an empty email is a required field, not a wrong one', () => {
    expect(validateCheckoutField('email', person({ email: '  ' }), SWEDEN, 'CARD')).toBe(
      'checkout.validation.required',
    );
  });

  test.each([
    ['811218-9876', true],
    ['198112189876', true],
    ['8112189876', true],
    ['811218-9875', false], // wrong check digit
    ['811318-9876', false], // month 13
    ['12345', false],
    ['abcdef-ghij', false],
  ])('the personnummer %s is valid for invoice: %s', (personalId, valid) => {
    const errors = validateCheckoutForm(person({ personalId }), SWEDEN, 'INVOICE');
    expect(errors.personalId).toBe(valid ? undefined : 'checkout.validation.personalId');
  });

  test('a personnummer is needed for invoice and instalment only', () => {
    expect(validateCheckoutForm(person({ personalId: '' }), SWEDEN, 'INVOICE')).toEqual({
      personalId: 'checkout.validation.required',
    });
    expect(validateCheckoutForm(person({ personalId: '' }), SWEDEN, 'INSTALMENT')).toEqual({
      personalId: 'checkout.validation.required',
    });
    expect(validateCheckoutForm(person({ personalId: '' }), SWEDEN, 'CARD')).toEqual({});
    expect(validateCheckoutForm(person({ personalId: '' }), SWEDEN, 'SWISH')).toEqual({});
  });

  test("a personnummer is checked by the market's rules: a Finnish henkilötunnus in Finland", () => {
    expect(validateCheckoutForm(person({ personalId: '131052-308T', country: 'FI' }), FINLAND, 'INVOICE')).toEqual({});
    expect(validateCheckoutForm(person({ personalId: '811218-9876', country: 'FI' }), FINLAND, 'INVOICE')).toEqual({
      personalId: 'checkout.validation.personalId',
    });
  });

  test.each([
    ['556036-0793', true],
    ['5560360793', true],
    ['16556036-0793', true],
    ['556036-0794', false], // wrong check digit
    ['551036-0793', false], // third digit below 2: a personnummer, not an organisation
    ['556036', false],
  ])('the organisationsnummer %s is valid for a Företag paying by invoice: %s', (organizationId, valid) => {
    const values = person({ customerType: 'ORGANIZATION', company: 'Kontor AB', organizationId, personalId: '' });
    expect(validateCheckoutForm(values, SWEDEN, 'INVOICE').organizationId).toBe(
      valid ? undefined : 'checkout.validation.organizationId',
    );
  });

  test('a Företag needs the company name, and the organisationsnummer for invoice (not for card, where a wrong one still counts)', () => {
    const company = (overrides: Record<string, string>) =>
      person({ customerType: 'ORGANIZATION', personalId: '', ...overrides });
    expect(validateCheckoutForm(company({ company: '', organizationId: '' }), SWEDEN, 'INVOICE')).toEqual({
      company: 'checkout.validation.required',
      organizationId: 'checkout.validation.required',
    });
    expect(validateCheckoutForm(company({ company: 'Kontor AB', organizationId: '' }), SWEDEN, 'CARD')).toEqual({});
    expect(
      validateCheckoutForm(company({ company: 'Kontor AB', organizationId: '556036-0794' }), SWEDEN, 'CARD'),
    ).toEqual({
      organizationId: 'checkout.validation.organizationId',
    });
  });

  test("a posted customer type that is not one of ours keeps the shopper's own type", () => {
    expect(checkoutValuesOf({ customerType: 'ADMIN' }, 'ORGANIZATION').customerType).toBe('ORGANIZATION');
    expect(checkoutValuesOf({}, 'ORGANIZATION').customerType).toBe('ORGANIZATION');
    expect(checkoutValuesOf({ customerType: 'PERSON' }, 'ORGANIZATION').customerType).toBe('PERSON');
  });

  test('every required field says so, and the terms must be accepted', () => {
    const empty = checkoutValuesOf({}, 'PERSON');
    expect(validateCheckoutForm(empty, SWEDEN, 'CARD')).toEqual({
      email: 'checkout.validation.required',
      phone: 'checkout.validation.required',
      firstName: 'checkout.validation.required',
      lastName: 'checkout.validation.required',
      addressLine1: 'checkout.validation.required',
      zip: 'checkout.validation.required',
      city: 'checkout.validation.required',
      country: 'checkout.validation.required',
      paymentId: 'checkout.validation.required',
      terms: 'checkout.validation.terms',
    });
  });

  test("the address must be in the market's country, by code or name", () => {
    expect(validateCheckoutForm(person({ country: 'NO' }), SWEDEN, 'CARD')).toEqual({
      country: 'checkout.validation.country',
    });
    expect(validateCheckoutForm(person({ country: 'sweden' }), SWEDEN, 'CARD')).toEqual({});
    expect(validateCheckoutForm(person({ country: 'SE', personalId: '' }), FINLAND, 'CARD')).toEqual({
      country: 'checkout.validation.country',
    });
  });

  test('a separate delivery address needs its name, street, zip and city', () => {
    expect(validateCheckoutForm(person({ separateDelivery: 'on', deliveryCareOf: 'Bo' }), SWEDEN, 'CARD')).toEqual({
      deliveryFirstName: 'checkout.validation.required',
      deliveryLastName: 'checkout.validation.required',
      deliveryAddressLine1: 'checkout.validation.required',
      deliveryZip: 'checkout.validation.required',
      deliveryCity: 'checkout.validation.required',
    });
  });

  test('posted values are trimmed, cut to their limits, and unknown fields are dropped', () => {
    const values = checkoutValuesOf(
      { email: '  anna@example.com ', message: 'x'.repeat(1200), admin: 'yes', terms: 'yes' },
      'PERSON',
    );
    expect(values.email).toBe('anna@example.com');
    expect(values.message).toHaveLength(1000);
    expect(values.terms).toBe('');
    expect('admin' in values).toBe(false);
  });
});

describe("the form and the API's checkout", () => {
  test('without a separate delivery address the goods go to the billing address; the identity number follows the customer type', () => {
    const input = checkoutInputOf(person({ shippingId: '2' }), 'SE');
    expect(input.shippingAddress).toEqual(input.billingAddress);
    expect(input).toMatchObject({ identityNumber: '811218-9876', customerType: 'PERSON', paymentId: 3, shippingId: 2 });
    expect(input.billingAddress).toMatchObject({ mobile: '0701234567', company: '', country: 'SE' });

    const company = checkoutInputOf(
      person({ customerType: 'ORGANIZATION', company: 'Kontor AB', organizationId: '556036-0793' }),
      'SE',
    );
    expect(company).toMatchObject({ identityNumber: '556036-0793', customerType: 'ORGANIZATION' });
    expect(company.billingAddress.company).toBe('Kontor AB');
  });

  test('a saved checkout fills the form again, a separate delivery address ticked', () => {
    const values = person({
      separateDelivery: 'on',
      deliveryFirstName: 'Bo',
      deliveryLastName: 'Ek',
      deliveryAddressLine1: 'Vägen 2',
      deliveryZip: '211 20',
      deliveryCity: 'Malmö',
    });
    const input = checkoutInputOf(values, 'SE');
    const again = checkoutValuesFromSaved(input, 'PERSON', 'SE');
    for (const field of [
      'email',
      'phone',
      'firstName',
      'lastName',
      'personalId',
      'addressLine1',
      'zip',
      'city',
      'separateDelivery',
      'deliveryFirstName',
      'deliveryAddressLine1',
      'deliveryZip',
      'deliveryCity',
    ] as const) {
      expect(again[field]).toBe(values[field]);
    }
    expect(checkoutValuesFromSaved(checkoutInputOf(person(), 'SE'), 'PERSON', 'SE').separateDelivery).toBe('');
  });
});
