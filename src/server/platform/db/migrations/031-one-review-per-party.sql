-- One review per party (docs/decisions/051, amended): the people one order booked at one venue on one
-- date and hour (src/shared/party.ts) are one visit to review, whoever of them was checked in. The
-- party's key is written with each review and each review invitation, and each is unique by it.
ALTER TABLE venue_reviews ADD COLUMN party text;

-- Reviews written before: the first of each party keeps its key; the others stay, keyless, as written.
UPDATE venue_reviews r
SET party = ranked.party
FROM (
  SELECT
    r2.booking_id,
    b.order_id || '|' || b.venue_id || '|' || b.booking_date::text || '|' || b.booking_time AS party,
    row_number() OVER (
      PARTITION BY b.order_id, b.venue_id, b.booking_date, b.booking_time
      ORDER BY r2.created_at, r2.booking_id
    ) AS n
  FROM venue_reviews r2
  JOIN confirmed_bookings b ON b.id = r2.booking_id
) ranked
WHERE ranked.booking_id = r.booking_id AND ranked.n = 1;

CREATE UNIQUE INDEX venue_reviews_one_per_party ON venue_reviews (party) WHERE party IS NOT NULL;

-- One review invitation per party, however its people are checked in.
CREATE UNIQUE INDEX mail_outbox_one_review_invite_per_party ON mail_outbox ((payload ->> 'reviewParty'))
  WHERE template = 'review-invite';
