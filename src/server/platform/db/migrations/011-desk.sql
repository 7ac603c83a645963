-- The bookings desk (docs/desk.md): which staff act for which venues, and what happens to a booking at
-- the venue: check-in (with pretix's nonce for idempotent retries), payment at the desk, no-show.

-- Staff act only for the venues listed here; managers and admins act for every venue.
CREATE TABLE venue_staff (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, venue_id)
);
CREATE INDEX venue_staff_venue_idx ON venue_staff (venue_id);

-- Who checked the visitor in and when; a check-in outside the slot's tolerance names which side
-- the desk overrode.
ALTER TABLE confirmed_bookings ADD COLUMN checked_in_at timestamptz;
ALTER TABLE confirmed_bookings ADD COLUMN checked_in_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE confirmed_bookings ADD COLUMN check_in_override text
  CHECK (check_in_override IN ('too_early', 'too_late'));
-- A 'pay at venue' booking paid at the desk: how, when and taken by whom.
ALTER TABLE confirmed_bookings ADD COLUMN desk_payment_method text
  CHECK (desk_payment_method IN ('card', 'benefit', 'cash'));
ALTER TABLE confirmed_bookings ADD COLUMN desk_paid_at timestamptz;
ALTER TABLE confirmed_bookings ADD COLUMN desk_paid_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE confirmed_bookings ADD CHECK ((desk_payment_method IS NULL) = (desk_paid_at IS NULL));
-- Set by the desk or by the nightly sweep for a past visit with no check-in.
ALTER TABLE confirmed_bookings ADD COLUMN no_show_at timestamptz;
-- When the desk took a no-show mark back: the sweep then leaves the booking alone.
ALTER TABLE confirmed_bookings ADD COLUMN no_show_cleared_at timestamptz;
-- Filled by cancellations (a later change); a cancelled booking is never checked in.
ALTER TABLE confirmed_bookings ADD COLUMN cancelled_at timestamptz;

-- The desk reads one venue's day.
CREATE INDEX confirmed_bookings_desk_idx ON confirmed_bookings (gym_id, booking_date);

-- How long before its hour a slot's visitors may be checked in, and how long after.
ALTER TABLE venues ADD COLUMN check_in_opens_minutes integer NOT NULL DEFAULT 30
  CHECK (check_in_opens_minutes BETWEEN 0 AND 1440);
ALTER TABLE venues ADD COLUMN check_in_closes_minutes integer NOT NULL DEFAULT 60
  CHECK (check_in_closes_minutes BETWEEN 0 AND 1440);

-- Each scan's nonce and its answer (pretix's redeem): a retried scan gets the first answer back and
-- changes nothing. Written in the check-in's own transaction.
CREATE TABLE check_in_attempts (
  nonce text PRIMARY KEY,
  booking_id bigint REFERENCES confirmed_bookings (id) ON DELETE CASCADE,
  -- Who scanned: a nonce is answered again only to the account that sent it.
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  result text NOT NULL,
  answered jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX check_in_attempts_created_idx ON check_in_attempts (created_at);
