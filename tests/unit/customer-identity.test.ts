import { describe, expect, test } from 'vitest';
import {
  isDanishPersonalId,
  isFinnishPersonalId,
  isNorwegianPersonalId,
  isSwedishOrganizationId,
  isSwedishPersonalId,
  isValidPersonalId,
} from '../../core/checkout/identity-numbers';
import { hashPassword, verifyPassword } from '../../worker/commerce/customers/passwords';

describe('identity numbers', () => {
  test('Swedish personnummer pass the Luhn check in short and long form, and fail with a wrong check digit', () => {
    expect(isSwedishPersonalId('811218-9876')).toBe(true);
    expect(isSwedishPersonalId('198112189876')).toBe(true);
    expect(isSwedishPersonalId('811218-9875')).toBe(false);
    expect(isSwedishPersonalId('811318-9876')).toBe(false); // month 13
  });

  test('Swedish organisationsnummer pass the Luhn check', () => {
    expect(isSwedishOrganizationId('556036-0793')).toBe(true);
    expect(isSwedishOrganizationId('556036-0794')).toBe(false);
  });

  test('Finnish, Norwegian and Danish numbers follow their own rules', () => {
    expect(isFinnishPersonalId('131052-308T')).toBe(true);
    expect(isFinnishPersonalId('131052-308U')).toBe(false);
    expect(isNorwegianPersonalId('01010750160')).toBe(true);
    expect(isNorwegianPersonalId('01010750161')).toBe(false);
    expect(isDanishPersonalId('010190-1234')).toBe(true);
    expect(isDanishPersonalId('320190-1234')).toBe(false);
  });

  test('the market country decides which rule applies', () => {
    expect(isValidPersonalId('SE', '811218-9876')).toBe(true);
    expect(isValidPersonalId('FI', '811218-9876')).toBe(false);
  });
});

describe('passwords', () => {
  test('a stored password verifies only with the same secret and never stores it in clear', async () => {
    const stored = await hashPassword('c2VjcmV0LWhhc2g=');
    expect(stored).toMatch(/^pbkdf2\$100000\$/);
    expect(stored).not.toContain('c2VjcmV0LWhhc2g=');
    expect(await verifyPassword('c2VjcmV0LWhhc2g=', stored)).toBe(true);
    expect(await verifyPassword('c2VjcmV0LWhhc2h=', stored)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });
});
