-- Cancelling a visit (by the visitor within the venue's notice, or by the team with a reason) and
-- giving a card payment back. A booking's cancelled_at (migration 011) marks it cancelled.
ALTER TABLE confirmed_bookings ADD COLUMN cancelled_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE confirmed_bookings ADD COLUMN cancel_reason text;
ALTER TABLE confirmed_bookings ADD COLUMN cancelled_by_team boolean NOT NULL DEFAULT false;

-- One refund per cancelled card-paid visit: 'pending' until the payment provider confirms it, retried
-- with backoff by the sweeper while it fails. A pay-at-venue visit has nothing to refund.
CREATE TABLE booking_refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  booking_id bigint NOT NULL UNIQUE REFERENCES confirmed_bookings (id),
  order_id uuid NOT NULL REFERENCES orders (id),
  amount_fils integer NOT NULL CHECK (amount_fils > 0),
  amount_usd_cents integer NOT NULL CHECK (amount_usd_cents > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'refunded')),
  provider_refund_id text,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz,
  CHECK ((status = 'refunded') = (refunded_at IS NOT NULL))
);
CREATE INDEX booking_refunds_due_idx ON booking_refunds (next_attempt_at) WHERE status = 'pending';
CREATE INDEX booking_refunds_order_idx ON booking_refunds (order_id);
