-- Moving a visit to another date or time of the same venue and pass (docs/decisions/044). Its
-- reference, ticket and guest links stay; the count of moves raises its calendar entry's SEQUENCE
-- (with manage_version, which a move leaves alone so the links sent before keep working).
ALTER TABLE confirmed_bookings ADD COLUMN date_changes integer NOT NULL DEFAULT 0 CHECK (date_changes >= 0);

-- A move to a cheaper day of a card-paid visit gives the difference back: a refund row like a
-- cancellation's, told apart by the move it belongs to (the visit's date_changes after it). One
-- refund per cancellation and one per move, so a repeated request refunds nothing more.
ALTER TABLE booking_refunds ADD COLUMN change_number integer CHECK (change_number > 0);
ALTER TABLE booking_refunds DROP CONSTRAINT booking_refunds_booking_id_key;
CREATE UNIQUE INDEX booking_refunds_cancellation_key ON booking_refunds (booking_id) WHERE change_number IS NULL;
CREATE UNIQUE INDEX booking_refunds_change_key ON booking_refunds (booking_id, change_number)
  WHERE change_number IS NOT NULL;
