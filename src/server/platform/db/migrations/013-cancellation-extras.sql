-- The notice a visit was booked under: the policy the visitor was shown ("Free cancellation until
-- ...") stays theirs if the venue changes its notice later. Older bookings fall back to the venue's.
ALTER TABLE confirmed_bookings ADD COLUMN cancellation_notice_hours integer
  CHECK (cancellation_notice_hours IS NULL OR cancellation_notice_hours >= 0);
