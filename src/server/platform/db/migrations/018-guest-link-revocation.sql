-- A cancellation now raises the booking's manage_version, revoking its guest links
-- (docs/decisions/031). Visits cancelled before this rule get the same raise, so no link sent
-- before their cancellation still opens or cancels them.
UPDATE confirmed_bookings SET manage_version = manage_version + 1 WHERE cancelled_at IS NOT NULL;
