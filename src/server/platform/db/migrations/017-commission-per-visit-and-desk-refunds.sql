-- The commission a visit was booked under: a change of the venue's rate applies to visits booked
-- after it, never to a past statement (as the cancellation notice, migration 013). Written with
-- the booking at checkout; bookings made before this migration take the venue's rate as it is now.
ALTER TABLE confirmed_bookings ADD COLUMN commission_basis_points integer
  CHECK (commission_basis_points BETWEEN 0 AND 10000);
UPDATE confirmed_bookings AS b SET commission_basis_points = v.commission_basis_points
  FROM venues AS v WHERE v.id = b.gym_id;
-- A booking whose venue is gone: the default rate (migration 016).
UPDATE confirmed_bookings SET commission_basis_points = 1500 WHERE commission_basis_points IS NULL;
ALTER TABLE confirmed_bookings ALTER COLUMN commission_basis_points SET NOT NULL;

-- Money paid at the desk and given back at the desk (a manager's cancellation of a visit paid at the
-- desk): how, when, how much and by whom. Until it is recorded the venue holds the money, and the
-- visit stays on the venue's statement.
ALTER TABLE confirmed_bookings ADD COLUMN desk_refund_method text
  CHECK (desk_refund_method IN ('card', 'benefit', 'cash'));
ALTER TABLE confirmed_bookings ADD COLUMN desk_refunded_at timestamptz;
ALTER TABLE confirmed_bookings ADD COLUMN desk_refunded_by text REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE confirmed_bookings ADD COLUMN desk_refund_fils integer CHECK (desk_refund_fils > 0);
ALTER TABLE confirmed_bookings ADD CHECK (
  (desk_refund_method IS NULL) = (desk_refunded_at IS NULL)
  AND (desk_refund_fils IS NULL) = (desk_refunded_at IS NULL)
  AND (desk_refunded_at IS NULL OR desk_paid_at IS NOT NULL)
);

-- The reports count desk refunds beside card refunds: the index keeps every column a report reads.
DROP INDEX confirmed_bookings_report_idx;
CREATE INDEX confirmed_bookings_report_idx ON confirmed_bookings (booking_date, gym_id)
  INCLUDE (id, price_fils, payment_status, checked_in_at, no_show_at, cancelled_at, desk_paid_at, desk_refund_fils);
