-- Staff invited by e-mail, and the date a venue went live for its owner's status page
-- (docs/decisions/041).

-- An invitation to work at one venue's desk. Its link (`<id>.<signature>`, AUTH_SECRET's HMAC) opens
-- it until `expires_at` (72 hours after it was sent), once: accepting sets `accepted_at`, withdrawing
-- sets `withdrawn_at`, and either ends it. Sending again withdraws the open one and adds a new row, so
-- the old link stops working.
CREATE TABLE staff_invitations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  -- Lower-cased.
  email text NOT NULL,
  -- The language of the mail and of the page the link opens.
  language text NOT NULL CHECK (language IN ('en', 'ar')),
  invited_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by text REFERENCES users (id) ON DELETE SET NULL,
  withdrawn_at timestamptz,
  CHECK (accepted_at IS NULL OR withdrawn_at IS NULL)
);
-- At most one open invitation per address and venue.
CREATE UNIQUE INDEX staff_invitations_open_idx ON staff_invitations (venue_id, email)
  WHERE accepted_at IS NULL AND withdrawn_at IS NULL;
CREATE INDEX staff_invitations_created_idx ON staff_invitations (created_at DESC);

-- When the venue was first published: its applicant's status page shows the date. Unknown (null)
-- for venues published before this column.
ALTER TABLE venues ADD COLUMN published_at timestamptz;
