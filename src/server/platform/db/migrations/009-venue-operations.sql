-- The team runs the catalog (docs/decisions/021): a venue's status, map position and cancellation
-- notice; the hours it sells and the dates it closes; archived passes; decided applications; and
-- the audit log of every change the team makes.

-- draft: only the team sees it; coming_soon: listed, not bookable; published: bookable;
-- suspended: hidden, its bookings kept.
ALTER TABLE venues ADD COLUMN status text NOT NULL DEFAULT 'draft'
  CHECK (status IN ('draft', 'coming_soon', 'published', 'suspended'));
UPDATE venues SET status = CASE WHEN coming_soon THEN 'coming_soon' ELSE 'published' END;
ALTER TABLE venues DROP COLUMN coming_soon;
ALTER TABLE venues ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90);
ALTER TABLE venues ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180);
ALTER TABLE venues ADD CHECK ((latitude IS NULL) = (longitude IS NULL));
-- How long before a visit it can still be cancelled free of charge.
ALTER TABLE venues ADD COLUMN cancellation_notice_hours integer NOT NULL DEFAULT 24
  CHECK (cancellation_notice_hours BETWEEN 0 AND 720);
-- The hours sold on each weekday, Sunday first: seven arrays of hours 0 to 23. Read and written
-- whole with its venue, never queried on its own. The default is the catalog's 08:00 to 19:00.
ALTER TABLE venues ADD COLUMN weekly_hours jsonb NOT NULL
  DEFAULT '[[8,9,10,11,12,13,14,15,16,17,18,19],[8,9,10,11,12,13,14,15,16,17,18,19],[8,9,10,11,12,13,14,15,16,17,18,19],[8,9,10,11,12,13,14,15,16,17,18,19],[8,9,10,11,12,13,14,15,16,17,18,19],[8,9,10,11,12,13,14,15,16,17,18,19],[8,9,10,11,12,13,14,15,16,17,18,19]]'
  CHECK (jsonb_typeof(weekly_hours) = 'array' AND jsonb_array_length(weekly_hours) = 7);
-- A venue created by approving an application links back to it.
ALTER TABLE venues ADD COLUMN application_id bigint UNIQUE REFERENCES vendor_applications (id);

-- An archived pass is no longer sold; its bookings keep their own copy of its name and price.
ALTER TABLE passes ADD COLUMN archived_at timestamptz;

-- One row per venue and date that differs from the week: closed all day, closed for some hours,
-- and/or a different number of places per slot.
CREATE TABLE venue_date_exceptions (
  venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  exception_date date NOT NULL,
  closed_all_day boolean NOT NULL DEFAULT false,
  closed_hours smallint[] NOT NULL DEFAULT '{}',
  capacity integer CHECK (capacity >= 0),
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (venue_id, exception_date)
);

-- An application is decided once: by whom, when, and for a decline, why.
ALTER TABLE vendor_applications ADD COLUMN decided_at timestamptz;
ALTER TABLE vendor_applications ADD COLUMN decided_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE vendor_applications ADD COLUMN decision_reason text;

-- Every change the team makes: who, when, what, and the values before and after.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id text REFERENCES users (id) ON DELETE SET NULL,
  -- As it was at the time, so the row still reads after the account is gone.
  actor_email text NOT NULL,
  -- e.g. 'venue.update', 'pass.archive', 'application.approve'.
  action text NOT NULL,
  entity_type text NOT NULL,
  entity_id text NOT NULL,
  -- The venue the change belongs to, when it belongs to one: its history lists them all.
  venue_id text,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_venue_idx ON audit_log (venue_id, created_at DESC) WHERE venue_id IS NOT NULL;
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at DESC);
