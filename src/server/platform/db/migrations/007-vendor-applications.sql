-- Venue owners' applications to be listed (the vendor registration form), kept for
-- the team to review (docs/decisions/002). Every application starts 'pending'.
CREATE TABLE vendor_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  venue_name text NOT NULL,
  venue_email text NOT NULL,
  contact_first_name text NOT NULL,
  contact_last_name text NOT NULL,
  venue_type text NOT NULL CHECK (venue_type IN ('Gym', 'Hotel', 'Fitness Center')),
  facility_item text NOT NULL CHECK (facility_item IN ('Gym', 'Group Exercise room', 'Both')),
  facility_options text[] NOT NULL DEFAULT '{}' CHECK (
    facility_options <@ ARRAY['Sauna Room', 'Steam Room', 'Jacuzzi', 'Spa', 'Kids Play area', 'Beach Access', 'Other']::text[]
  ),
  -- Set only when facility_options holds 'Other'.
  other_facility_option text,
  -- The chosen passes as [{option, label?, priceFils}], prices in integer fils. A list in the row
  -- rather than a child table: it is always read and written whole with its application, never
  -- queried on its own, and an approved venue's passes become rows of `passes`, not of this table.
  day_passes jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(day_passes) = 'array'),
  available_start_date date NOT NULL,
  available_end_date date NOT NULL,
  start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):00$'),
  end_time text NOT NULL CHECK (end_time ~ '^([01][0-9]|2[0-3]):00$'),
  area text NOT NULL,
  city text NOT NULL,
  country text NOT NULL,
  -- The applicant's language: their confirmation e-mail was written in it, and so should replies be.
  language text NOT NULL CHECK (language IN ('en', 'ar')),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (available_end_date >= available_start_date),
  CHECK (end_time > start_time)
);
-- The team's list: newest first, optionally by status.
CREATE INDEX vendor_applications_created_idx ON vendor_applications (created_at DESC, id DESC);
