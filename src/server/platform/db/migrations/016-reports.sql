-- Reports and venue statements (docs/reports.md): each venue's commission, and the indexes the reports read.

-- The marketplace's share of each visit, in hundredths of a percent (1500 = 15%): integer, so a
-- statement's commission is worked out in fils without a float (src/shared/reports.ts).
ALTER TABLE venues ADD COLUMN commission_basis_points integer NOT NULL DEFAULT 1500
  CHECK (commission_basis_points BETWEEN 0 AND 10000);

-- A report groups every booking of a date range by date and venue. This index holds every column
-- it reads (the id joins the refunds), so the range is one index-only scan, whatever the number of
-- bookings outside it.
-- (A statement reads one venue's month through confirmed_bookings_desk_idx: gym_id, booking_date.)
CREATE INDEX confirmed_bookings_report_idx ON confirmed_bookings (booking_date, gym_id)
  INCLUDE (id, price_fils, payment_status, checked_in_at, no_show_at, cancelled_at, desk_paid_at);
