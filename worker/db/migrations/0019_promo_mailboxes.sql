-- Issue 24: a once-per-customer code's use is recorded under the mailbox of the order's email, without a
-- sub-address (`anna+2@example.se` is `anna@example.se`; worker/commerce/orders/orders.ts mailboxOf).
-- Uses recorded before keep working: their keys lose the sub-address too. Where the shorter key exists
-- already (the same code used by `anna@` and `anna+2@`), the older row keeps its key: both stay recorded.
UPDATE OR IGNORE promo_code_customer_uses
SET customer_key = substr(customer_key, 1, instr(customer_key, '+') - 1) || substr(customer_key, instr(customer_key, '@'))
WHERE customer_key LIKE 'email:%'
  AND instr(customer_key, '+') > 7
  AND instr(customer_key, '+') < instr(customer_key, '@');
