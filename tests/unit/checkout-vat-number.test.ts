// Issue 14: the company's VAT registration number (momsregistreringsnummer) in each market's format.
import { describe, expect, test } from 'vitest';
import { isValidVatNumber, normalizeVatNumber } from '../../core/checkout/identity-numbers';

describe('VAT registration numbers', () => {
  test('Sweden: SE, the 10-digit organisationsnummer and 01', () => {
    expect(isValidVatNumber('SE', 'SE556036079301')).toBe(true);
    expect(isValidVatNumber('SE', 'se 556036-0793 01')).toBe(true);
    expect(isValidVatNumber('SE', 'SE5560360793')).toBe(false);
    expect(isValidVatNumber('SE', 'SE556036079302')).toBe(false);
    expect(isValidVatNumber('SE', '556036079301')).toBe(false);
    expect(isValidVatNumber('SE', 'DK12345678')).toBe(false);
  });

  test('Denmark: DK and 8 digits', () => {
    expect(isValidVatNumber('DK', 'DK12345678')).toBe(true);
    expect(isValidVatNumber('DK', 'DK 12 34 56 78')).toBe(true);
    expect(isValidVatNumber('DK', 'DK1234567')).toBe(false);
    expect(isValidVatNumber('DK', 'SE556036079301')).toBe(false);
  });

  test('Norway: NO, 9 digits and MVA if you like', () => {
    expect(isValidVatNumber('NO', 'NO123456789MVA')).toBe(true);
    expect(isValidVatNumber('NO', 'NO 123 456 789')).toBe(true);
    expect(isValidVatNumber('NO', 'no123456789mva')).toBe(true);
    expect(isValidVatNumber('NO', 'NO12345678MVA')).toBe(false);
    expect(isValidVatNumber('NO', 'NO123456789VAT')).toBe(false);
  });

  test('Finland: FI and 8 digits', () => {
    expect(isValidVatNumber('FI', 'FI12345678')).toBe(true);
    expect(isValidVatNumber('FI', 'FI 1234567-8')).toBe(true);
    expect(isValidVatNumber('FI', 'FI123456789')).toBe(false);
  });

  test('kept in upper case without the spaces, dots and dashes typed in it', () => {
    expect(normalizeVatNumber(' se 556036-0793 01 ')).toBe('SE556036079301');
    expect(normalizeVatNumber('no 123.456.789 mva')).toBe('NO123456789MVA');
  });
});
