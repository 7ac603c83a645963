-- Applications keep what their owners wrote, and approval makes honest drafts (docs/decisions/043).

-- The venue's name in each language it was written in: the old single name moves to the Arabic
-- column when it holds Arabic letters, so an Arabic name no longer passes for the English one.
ALTER TABLE vendor_applications RENAME COLUMN venue_name TO venue_name_en;
ALTER TABLE vendor_applications ADD COLUMN venue_name_ar text NOT NULL DEFAULT '';
UPDATE vendor_applications SET venue_name_ar = venue_name_en, venue_name_en = ''
  WHERE venue_name_en ~ '[؀-ۿ]';
ALTER TABLE vendor_applications ADD CHECK (venue_name_en <> '' OR venue_name_ar <> '');

-- E.164; '' on applications sent before the form asked for it.
ALTER TABLE vendor_applications ADD COLUMN contact_phone text NOT NULL DEFAULT '';

-- ISO 3166 codes from now on; older rows typed the country, and "Bahrain" is read as BH.
UPDATE vendor_applications SET country = 'BH'
  WHERE lower(trim(country)) IN ('bahrain', 'kingdom of bahrain', 'bh', 'البحرين', 'مملكة البحرين');

ALTER TABLE vendor_applications DROP CONSTRAINT vendor_applications_venue_type_check;
ALTER TABLE vendor_applications ADD CONSTRAINT vendor_applications_venue_type_check CHECK (
  venue_type IN ('Gym', 'Hotel', 'Fitness Center', 'Spa', 'Resort', 'Beach Club', 'Pool')
);

-- The facilities list (src/shared/facilities.ts) replaces the one required gym/room/both answer and
-- its extras; the old columns stay for the applications that used them.
ALTER TABLE vendor_applications ADD COLUMN facilities text[] NOT NULL DEFAULT '{}';
ALTER TABLE vendor_applications ALTER COLUMN facility_item DROP NOT NULL;
UPDATE vendor_applications SET facilities = array_remove(ARRAY[
    CASE WHEN facility_item IN ('Gym', 'Both') THEN 'gym' END,
    CASE WHEN 'Sauna Room' = ANY (facility_options) THEN 'sauna' END,
    CASE WHEN 'Steam Room' = ANY (facility_options) THEN 'steam-room' END,
    CASE WHEN 'Jacuzzi' = ANY (facility_options) THEN 'jacuzzi' END,
    CASE WHEN 'Spa' = ANY (facility_options) THEN 'spa' END,
    CASE WHEN 'Kids Play area' = ANY (facility_options) THEN 'kids-area' END,
    CASE WHEN 'Beach Access' = ANY (facility_options) THEN 'beach-access' END,
    CASE WHEN facility_item IN ('Group Exercise room', 'Both') THEN 'group-classes' END
  ], NULL);

-- Null: the venue sells with no last date ("ongoing").
ALTER TABLE vendor_applications ALTER COLUMN available_end_date DROP NOT NULL;

-- Venues: their facilities, the dates they sell between, a URL name of their own, and no
-- rating until someone rates them.
ALTER TABLE venues ADD COLUMN facilities text[] NOT NULL DEFAULT '{}';
UPDATE venues SET facilities = array_remove(ARRAY[
    CASE WHEN description_en ~* 'pool|swim' THEN 'pool' END,
    CASE WHEN description_en ~* 'gym|fitness|weights|cardio' THEN 'gym' END,
    CASE WHEN description_en ~* 'sauna' THEN 'sauna' END,
    CASE WHEN description_en ~* 'steam' THEN 'steam-room' END,
    CASE WHEN description_en ~* 'jacuzzi|hot tub|whirlpool' THEN 'jacuzzi' END,
    CASE WHEN description_en ~* '\mspa\M' THEN 'spa' END,
    CASE WHEN description_en ~* 'kids|children' THEN 'kids-area' END,
    CASE WHEN description_en ~* 'beach' THEN 'beach-access' END,
    CASE WHEN description_en ~* 'classes|yoga|pilates|spin' THEN 'group-classes' END,
    CASE WHEN description_en ~* 'women|ladies' THEN 'women-only-hours' END
  ], NULL);

-- Visits are sold from `sells_from` and until `sells_until`, each when set (Bahrain dates).
ALTER TABLE venues ADD COLUMN sells_from date;
ALTER TABLE venues ADD COLUMN sells_until date;
ALTER TABLE venues ADD CHECK (sells_until IS NULL OR sells_from IS NULL OR sells_until >= sells_from);

-- The public URL's name (/gyms/<slug>). The id stays what other tables point at; the slug may change
-- until the venue is published, and /gyms/<id> keeps working.
ALTER TABLE venues ADD COLUMN slug text;
UPDATE venues SET slug = id;
ALTER TABLE venues ALTER COLUMN slug SET NOT NULL;
ALTER TABLE venues ADD CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80);
CREATE UNIQUE INDEX venues_slug_idx ON venues (slug);
-- A venue added without a slug takes its id, as every venue before this column did.
CREATE FUNCTION venues_slug_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.slug := coalesce(NEW.slug, NEW.id);
  RETURN NEW;
END
$$;
CREATE TRIGGER venues_slug_default BEFORE INSERT ON venues
  FOR EACH ROW EXECUTE FUNCTION venues_slug_default();

ALTER TABLE venues ALTER COLUMN rating DROP NOT NULL;

ALTER TABLE venues DROP CONSTRAINT venues_venue_type_check;
ALTER TABLE venues ADD CONSTRAINT venues_venue_type_check CHECK (
  venue_type IN ('hotel', 'serviced-apartment', 'fitness-studio', 'resort-spa', 'beach-club', 'pool')
);
