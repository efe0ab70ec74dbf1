// Issue 24: a once-per-customer code (VALKOMMEN10) is recorded under the mailbox an address reaches, so a
// sub-address or Gmail's ignored dots do not make a new customer of the same person.
import { describe, expect, test } from 'vitest';
import { mailboxOf } from '../../worker/commerce/customers/mailbox';

describe('the mailbox of an address', () => {
  test('a sub-address and letter case reach the same mailbox', () => {
    expect(mailboxOf('name+2@example.se')).toBe('name@example.se');
    expect(mailboxOf(' Name+Kampanj+3@Example.SE ')).toBe('name@example.se');
    expect(mailboxOf('name@example.se')).toBe('name@example.se');
  });

  test("Gmail's dots and its googlemail.com name reach the same mailbox; other domains keep their dots", () => {
    expect(mailboxOf('a.n.n.a+x@gmail.com')).toBe('anna@gmail.com');
    expect(mailboxOf('Anna.Svensson@googlemail.com')).toBe('annasvensson@gmail.com');
    expect(mailboxOf('anna.svensson@example.se')).toBe('anna.svensson@example.se');
  });

  test('an address that starts with + or has no @ is only trimmed and lower-cased', () => {
    expect(mailboxOf('+tag@example.se')).toBe('+tag@example.se');
    expect(mailboxOf('Not-An-Address')).toBe('not-an-address');
  });
});
