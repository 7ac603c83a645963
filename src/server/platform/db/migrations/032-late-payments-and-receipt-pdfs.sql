-- A Tap payment that arrived after its order had ended (docs/payments.md, "A payment after its
-- order ended"): one row per order, written by whichever webhook or return page saw it first, under
-- the order's lock. It is booked when the order's places were still free, refunded through Tap
-- otherwise; the team's refunds page lists every one of them.
CREATE TABLE late_payments (
  order_id uuid PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  charge_id text NOT NULL,
  -- What Tap says was captured, as it said it: fils when in BHD.
  amount_fils integer NOT NULL CHECK (amount_fils >= 0),
  currency text NOT NULL,
  -- The order's status when the payment arrived: 'expired' or 'payment_failed'.
  order_status text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('booked', 'refund_pending', 'refunded', 'refund_failed')),
  provider_refund_id text,
  provider_status text,
  attempts integer NOT NULL DEFAULT 0,
  -- When a pending refund is tried next; null once nothing more is tried by itself.
  next_attempt_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  resolved_at timestamptz
);
CREATE INDEX late_payments_created ON late_payments (created_at);

-- A receipt's PDF, made once and kept (docs/receipts.md): keyed by the order, the language and a
-- digest of what it shows, so a visit paid at the desk later makes a new one and nothing else does.
CREATE TABLE receipt_pdfs (
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  content_key text NOT NULL,
  pdf bytea NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (order_id, content_key)
);
