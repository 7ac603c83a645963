-- One name for the venue in the database (docs/decisions/034): a booked visit names its venue as
-- every other table does. RENAME COLUMN carries the indexes built on these columns
-- (confirmed_bookings_desk_idx, confirmed_bookings_report_idx) with it.
ALTER TABLE confirmed_bookings RENAME COLUMN gym_id TO venue_id;
ALTER TABLE confirmed_bookings RENAME COLUMN gym_name TO venue_name;
ALTER TABLE confirmed_bookings RENAME COLUMN gym_name_ar TO venue_name_ar;
