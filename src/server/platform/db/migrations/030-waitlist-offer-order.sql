-- The order that booked a waiting list offer (docs/booking.md, "Waiting list"). A card or BENEFIT
-- order that ends unpaid gives the offer back: it stands again while its 30 minutes last, holding
-- the places the order had, and has ended otherwise. Without the link the request stayed 'booked'
-- with no booking behind it. The request is marked before the order's row is written, in the same
-- transaction, so the reference is checked at commit.
ALTER TABLE waitlist_entries ADD COLUMN order_id uuid
  REFERENCES orders (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;
CREATE INDEX waitlist_entries_order ON waitlist_entries (order_id) WHERE order_id IS NOT NULL;
