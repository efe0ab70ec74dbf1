import { describe, expect, test } from 'vitest';
import { creditStatus, paymentTypeOf } from '../../core/checkout/credit-status';

const valid = (memberType: string | null) => ({ isValid: true, message: null, memberType });

describe('the credit-status rule of spec §4', () => {
  test.each([
    // result, payment type, status
    [{ isValid: false, message: 'Customer is blacklisted', memberType: null }, 'DirectInvoice', 'blacklisted'],
    [{ isValid: false, message: 'Customer is blacklisted', memberType: null }, 'Card', 'blacklisted'],
    [{ isValid: false, message: 'Customer is blacklisted', memberType: 'NOCREDIT-limited' }, 'Loan', 'blacklisted'],
    [{ isValid: true, message: 'Customer is blacklisted', memberType: null }, 'Card', 'ok'],
    [{ isValid: false, message: 'customer is blacklisted', memberType: null }, 'Card', 'ok'],
    [{ isValid: false, message: 'Se till att alla fält är korrekt ifyllda', memberType: null }, 'DirectInvoice', 'ok'],
    [valid('NOCREDIT-limited'), 'DirectInvoice', 'limited'],
    [valid('NOCREDIT-Blocked'), 'Loan', 'blocked'],
    [valid('NOCREDIT-Over-Limit'), 'Loan', 'over-limit'],
    [valid('NOCREDIT'), 'DirectInvoice', 'limited'],
    [valid('NOCREDIT-'), 'DirectInvoice', 'limited'],
    [valid(' NO CREDIT - Review '), 'DirectInvoice', 'review'],
    [valid('\tNOCREDIT\n-DEBT'), 'Loan', 'debt'],
    [valid('NOCREDIT-limited'), 'Card', 'ok'],
    [valid('NOCREDIT-limited'), 'Swish', 'ok'],
    [valid('NOCREDIT-limited'), 'INVOICE', 'ok'],
    [valid('nocredit-limited'), 'DirectInvoice', 'ok'],
    [valid('PERSON'), 'DirectInvoice', 'ok'],
    [valid('CREDIT-NOCREDIT'), 'Loan', 'ok'],
    [valid(null), 'Loan', 'ok'],
  ])('%o paying by %s is %s', (result, paymentType, status) => {
    expect(creditStatus(result, paymentType)).toBe(status);
  });

  test("our invoice and instalment methods are the spec's DirectInvoice and Loan; card and Swish buy without credit", () => {
    expect(paymentTypeOf('INVOICE')).toBe('DirectInvoice');
    expect(paymentTypeOf('INSTALMENT')).toBe('Loan');
    expect(creditStatus(valid('NOCREDIT-limited'), paymentTypeOf('INVOICE'))).toBe('limited');
    expect(creditStatus(valid('NOCREDIT-limited'), paymentTypeOf('CARD'))).toBe('ok');
    expect(creditStatus(valid('NOCREDIT-limited'), paymentTypeOf('SWISH'))).toBe('ok');
  });
});
