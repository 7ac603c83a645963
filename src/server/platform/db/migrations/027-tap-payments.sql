-- BENEFIT and cards in BD through Tap Payments (docs/decisions/049).
-- An order may be paid with BENEFIT or a card in BHD through Tap beside PayPal's card and the venue.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_payment_method_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_method_check
  CHECK (payment_method IN ('card', 'venue', 'benefit', 'card_bhd'));

-- For a Tap order: provider_order_id is Tap's charge id (chg_…), and provider_capture_id holds the
-- same id once Tap says CAPTURED (the payment reference a receipt shows). payment_provider names who
-- took it: 'paypal' or 'test' (PayPal's test mode), 'tap' or 'tap-test' (Tap's test mode), so a
-- refund goes back through the gateway that took the money.

-- Tap's refunds are in BHD: booking_refunds.amount_fils is what goes back, and amount_usd_cents
-- (PayPal's amount) is 0 for them.
ALTER TABLE booking_refunds DROP CONSTRAINT IF EXISTS booking_refunds_amount_usd_cents_check;
ALTER TABLE booking_refunds ADD CONSTRAINT booking_refunds_amount_usd_cents_check
  CHECK (amount_usd_cents >= 0);
-- Tap's word on the refund's state the last time it was asked (PENDING while Tap's balance is short).
ALTER TABLE booking_refunds ADD COLUMN provider_status text;
