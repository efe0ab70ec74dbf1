-- Issue 24: what each gift card on a cart was shown paying at the checkout (minor units). An order placed
-- after part of that card was spent elsewhere stops with a message, as for a spent card, instead of
-- charging the shopper the difference (worker/graphql/resolvers/checkout.ts).
ALTER TABLE cart_gift_cards ADD COLUMN amount_shown INTEGER;
