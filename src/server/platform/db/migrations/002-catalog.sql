-- The catalog: venues, their images and passes, public holidays (prices can differ on them), and
-- the places taken per venue, date and hourly slot.

CREATE TABLE venues (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  description_en text NOT NULL,
  description_ar text NOT NULL,
  area text NOT NULL,
  location_en text NOT NULL,
  location_ar text NOT NULL,
  venue_type text NOT NULL CHECK (venue_type IN ('hotel', 'serviced-apartment', 'fitness-studio', 'resort-spa')),
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  coming_soon boolean NOT NULL DEFAULT false,
  pay_at_venue_only boolean NOT NULL DEFAULT false,
  capacity_per_slot integer NOT NULL CHECK (capacity_per_slot > 0),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE venue_images (
  venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  position integer NOT NULL,
  -- Path under /images/venues/ without size and format, e.g. 'vida-beach-hotel/cover'.
  image_key text NOT NULL,
  alt_en text NOT NULL,
  alt_ar text NOT NULL,
  PRIMARY KEY (venue_id, position)
);

CREATE TABLE passes (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  pass_type text NOT NULL CHECK (pass_type IN ('HealthClub', 'Fitness', 'Adult', 'Kids', 'Family', 'Gym', 'Pool', 'All Inclusive')),
  name_en text NOT NULL,
  name_ar text NOT NULL,
  description_en text NOT NULL,
  description_ar text NOT NULL,
  -- Sunday to Thursday; Friday and Saturday and public holidays fall back to it when not set.
  weekday_price_fils integer NOT NULL CHECK (weekday_price_fils > 0),
  weekend_price_fils integer CHECK (weekend_price_fils > 0),
  holiday_price_fils integer CHECK (holiday_price_fils > 0),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX passes_venue_idx ON passes (venue_id, position);

CREATE TABLE public_holidays (
  holiday_date date PRIMARY KEY,
  name_en text NOT NULL,
  name_ar text NOT NULL
);

-- One row per venue, date and hour once anyone books it. The CHECK is what stops overselling:
-- a booking increments `taken` in its transaction, and an increment past capacity fails.
CREATE TABLE slot_occupancy (
  venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  slot_date date NOT NULL,
  slot_hour smallint NOT NULL CHECK (slot_hour BETWEEN 0 AND 23),
  capacity integer NOT NULL CHECK (capacity >= 0),
  taken integer NOT NULL DEFAULT 0 CHECK (taken >= 0 AND taken <= capacity),
  PRIMARY KEY (venue_id, slot_date, slot_hour)
);

CREATE TABLE newsletter_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  language text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Addresses are unique regardless of letter case.
CREATE UNIQUE INDEX newsletter_subscriptions_email_key ON newsletter_subscriptions (lower(email));
