-- Caps on how many places one booker can take, so that one account or guest e-mail cannot hoard a
-- venue's slots with pay-at-venue orders it has no obligation to honour. Each venue sets its own.

-- Places in one hourly slot that a single order may book (a family or a small group fits).
ALTER TABLE venues ADD COLUMN max_places_per_slot_per_order integer NOT NULL DEFAULT 4
  CHECK (max_places_per_slot_per_order > 0);
-- Places one booker (an account, or a guest e-mail address ignoring case) may hold at the venue on
-- one visit date, across all their orders that hold places (confirmed, or a card order being paid).
ALTER TABLE venues ADD COLUMN max_places_per_day_per_booker integer NOT NULL DEFAULT 8
  CHECK (max_places_per_day_per_booker > 0);

-- Counting a guest's earlier orders looks them up by address, ignoring case.
CREATE INDEX orders_contact_email_idx ON orders (lower(contact_email));
