-- E-tickets (docs/decisions/022): every booked visit gets a reference people can read aloud and a
-- salt from which, with the server's key, its ticket secret is derived. The database alone cannot
-- produce a ticket: the secret is an HMAC under AUTH_SECRET, never stored.

-- 'DP-' and eight characters from an alphabet without look-alikes (no 0/O, 1/I/L), in two groups:
-- 31^8 ≈ 8.5 × 10^11 references, tried again on the rare collision. Bytes 6 and 8 of a version-4
-- UUID carry its version and variant bits, so they are skipped.
CREATE FUNCTION new_booking_reference() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  picks constant int[] := ARRAY[0, 1, 2, 3, 4, 5, 9, 10];
  bytes bytea;
  chars text;
  candidate text;
  position int;
BEGIN
  LOOP
    bytes := uuid_send(gen_random_uuid());
    chars := '';
    FOREACH position IN ARRAY picks LOOP
      chars := chars || substr(alphabet, get_byte(bytes, position) % 31 + 1, 1);
    END LOOP;
    candidate := 'DP-' || substr(chars, 1, 4) || '-' || substr(chars, 5, 4);
    EXIT WHEN NOT EXISTS (SELECT 1 FROM confirmed_bookings WHERE reference = candidate);
  END LOOP;
  RETURN candidate;
END
$$;

ALTER TABLE confirmed_bookings ADD COLUMN reference text;
UPDATE confirmed_bookings SET reference = new_booking_reference();
ALTER TABLE confirmed_bookings ALTER COLUMN reference SET DEFAULT new_booking_reference();
ALTER TABLE confirmed_bookings ALTER COLUMN reference SET NOT NULL;
CREATE UNIQUE INDEX confirmed_bookings_reference_key ON confirmed_bookings (reference);

-- 244 random bits (two version-4 UUIDs, from PostgreSQL's strong random source) per visit.
ALTER TABLE confirmed_bookings ADD COLUMN ticket_salt text NOT NULL
  DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
-- Raised whenever the booking changes in a way that must revoke the guest's manage link.
ALTER TABLE confirmed_bookings ADD COLUMN manage_version integer NOT NULL DEFAULT 1;
