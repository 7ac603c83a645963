-- Verified reviews (docs/decisions/051, docs/catalog.md "Reviews"). A review belongs to one
-- checked-in visit, once: the visit's id is its key. The reviewer is the visit's account (user_id,
-- set null when the account is deleted, with the first name cleared) or its guest. Hidden reviews
-- stay for the record, with the team's reason, and count nowhere.
CREATE TABLE venue_reviews (
  booking_id bigint PRIMARY KEY REFERENCES confirmed_bookings (id) ON DELETE CASCADE,
  venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  -- As shown: the visitor's first name at the time of writing, or null (shown without a name).
  first_name text,
  -- The pass and the month of the visit, as shown beside the review.
  pass_name_en text NOT NULL,
  pass_name_ar text NOT NULL,
  visit_date date NOT NULL,
  stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
  body text NOT NULL DEFAULT '' CHECK (char_length(body) <= 1000),
  -- Where the hide notice goes, and in which language; null once the reviewer's account is gone.
  reviewer_email text,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ar')),
  created_at timestamptz NOT NULL,
  hidden_at timestamptz,
  hidden_by text,
  hidden_reason text,
  CHECK ((hidden_at IS NULL) = (hidden_reason IS NULL))
);

-- A venue's visible reviews, newest first: its page and the catalog's averages.
CREATE INDEX venue_reviews_visible ON venue_reviews (venue_id, created_at DESC) WHERE hidden_at IS NULL;
-- The team's list, newest first.
CREATE INDEX venue_reviews_recent ON venue_reviews (created_at DESC);
CREATE INDEX venue_reviews_user ON venue_reviews (user_id) WHERE user_id IS NOT NULL;

-- One review invitation per visit, whoever checks it in and however often.
CREATE UNIQUE INDEX mail_outbox_one_review_invite_per_booking ON mail_outbox ((payload ->> 'bookingId'))
  WHERE template = 'review-invite';
