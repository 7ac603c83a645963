-- Checkout: guest e-mail codes, guests, orders, the bookings they confirm, and idempotency keys.

-- One-time codes that prove a guest controls an e-mail address (docs/decisions/012). Only a keyed hash of
-- the code is kept; a code is spent by a successful verify, by 5 wrong tries, or by its expiry.
CREATE TABLE guest_email_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Lower-cased.
  email text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guest_email_codes_email_idx ON guest_email_codes (email, created_at DESC);

-- The person behind a guest order (docs/product.md, "What is stored").
CREATE TABLE guest_users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  mobile_number text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One checkout. Its places are taken in slot_occupancy when it is created; a card order holds them
-- until it is paid or its hold runs out (then it is 'expired' and the places are given back).
CREATE TABLE orders (
  id uuid PRIMARY KEY,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  guest_user_id bigint REFERENCES guest_users (id) ON DELETE SET NULL,
  contact_email text NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'ar')),
  payment_method text NOT NULL CHECK (payment_method IN ('card', 'venue')),
  status text NOT NULL CHECK (status IN ('awaiting_payment', 'confirmed', 'expired', 'payment_failed')),
  -- The priced lines as the server quoted them: what the bookings are written from.
  items jsonb NOT NULL,
  total_fils integer NOT NULL CHECK (total_fils >= 0),
  total_usd_cents integer NOT NULL CHECK (total_usd_cents >= 0),
  payment_provider text,
  provider_order_id text UNIQUE,
  provider_capture_id text,
  payment_error text,
  hold_expires_at timestamptz,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_holds_idx ON orders (hold_expires_at) WHERE status = 'awaiting_payment';
CREATE INDEX orders_user_idx ON orders (user_id);

-- One row per booked visit (docs/product.md, "What is stored"), written when its order is
-- confirmed. Names are kept in both languages as they were when booked.
CREATE TABLE confirmed_bookings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id),
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  gym_id text NOT NULL,
  gym_name text NOT NULL,
  gym_name_ar text NOT NULL,
  pass_id text NOT NULL,
  pass_name text NOT NULL,
  pass_name_ar text NOT NULL,
  -- As shown, e.g. 'BD 14.000'; price_fils is the number.
  pass_price text NOT NULL,
  price_fils integer NOT NULL CHECK (price_fils >= 0),
  booking_date date NOT NULL,
  booking_time text NOT NULL CHECK (booking_time ~ '^[0-9]{2}:00$'),
  location text NOT NULL,
  location_ar text NOT NULL,
  payment_status text NOT NULL CHECK (payment_status IN ('paid', 'pay at venue')),
  guest_email text,
  guest_first_name text,
  guest_last_name text,
  guest_mobile text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX confirmed_bookings_user_idx ON confirmed_bookings (user_id, booking_date);
CREATE INDEX confirmed_bookings_order_idx ON confirmed_bookings (order_id);

-- Idempotency-Key replays (Stripe's semantics): the first successful answer per requester and key,
-- with a hash of the request it answered. Written in the order's own transaction.
CREATE TABLE idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
