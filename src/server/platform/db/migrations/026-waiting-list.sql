-- The waiting list of a full slot (docs/decisions/046, docs/booking.md "Waiting list"). A request
-- is for one venue, pass, date and hour, for a number of people, by an account or a guest whose
-- e-mail was proved. When places free up, the first request that fits is offered them: the places
-- are taken in slot_occupancy for it (status 'offered') until offer_expires_at.
CREATE TABLE waitlist_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  pass_id text NOT NULL,
  slot_date date NOT NULL,
  slot_hour smallint NOT NULL CHECK (slot_hour BETWEEN 0 AND 23),
  people integer NOT NULL CHECK (people BETWEEN 1 AND 50),
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  -- Lower-cased; the account's address for an account's request. Mails go to it.
  email text NOT NULL,
  -- The account's first name; null for a guest (the team sees "Guest").
  first_name text,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'ar')),
  status text NOT NULL DEFAULT 'waiting'
    CHECK (status IN ('waiting', 'offered', 'booked', 'left', 'expired')),
  joined_at timestamptz NOT NULL,
  offered_at timestamptz,
  offer_expires_at timestamptz,
  ended_at timestamptz,
  CHECK ((status = 'offered') = (offer_expires_at IS NOT NULL AND ended_at IS NULL))
);

-- The line of one slot, in the order requests joined.
CREATE INDEX waitlist_entries_line ON waitlist_entries (venue_id, slot_date, slot_hour, joined_at, id)
  WHERE status IN ('waiting', 'offered');
-- One open request per address and slot.
CREATE UNIQUE INDEX waitlist_entries_one_per_address ON waitlist_entries (venue_id, slot_date, slot_hour, email)
  WHERE status IN ('waiting', 'offered');
-- The offers the job expires.
CREATE INDEX waitlist_entries_offers ON waitlist_entries (offer_expires_at) WHERE status = 'offered';
