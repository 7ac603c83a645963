-- Each venue is told of its bookings by e-mail (docs/decisions/042): where to, how and in which
-- language. No address: no notice. 'each' mails every confirmed order, change and cancellation;
-- 'digest' mails one list of the day's visits each morning; 'off' mails nothing.
ALTER TABLE venues ADD COLUMN bookings_email text;
ALTER TABLE venues ADD COLUMN booking_notices text NOT NULL DEFAULT 'each'
  CHECK (booking_notices IN ('each', 'digest', 'off'));
ALTER TABLE venues ADD COLUMN notice_language text NOT NULL DEFAULT 'en'
  CHECK (notice_language IN ('en', 'ar'));

-- One row per venue and Bahrain date whose morning digest was queued, written in the transaction
-- that queues it: a second run of the job, on this server or another, finds the row and queues none.
CREATE TABLE venue_digests_sent (
  venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  -- yyyy-mm-dd, Bahrain time
  visit_date date NOT NULL,
  queued_at timestamptz NOT NULL,
  PRIMARY KEY (venue_id, visit_date)
);
