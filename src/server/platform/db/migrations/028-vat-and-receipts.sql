-- VAT and receipts (docs/decisions/050, docs/receipts.md). A venue says whether it is registered for
-- Bahrain's VAT, its VAT account number (15 digits starting with 2), and whether the prices it set
-- already hold the VAT; visitors always see and pay the total (10% added when they do not).
ALTER TABLE venues
  ADD COLUMN vat_registered boolean NOT NULL DEFAULT false,
  ADD COLUMN vat_number text CHECK (vat_number IS NULL OR vat_number ~ '^2[0-9]{14}$'),
  ADD COLUMN prices_include_vat boolean NOT NULL DEFAULT true,
  ADD CONSTRAINT venues_vat_number_when_registered CHECK (NOT vat_registered OR vat_number IS NOT NULL);

-- The receipt of the paid visits of one order at one venue (the seller), numbered in sequence per
-- venue, as a tax invoice is numbered by its seller. Issued the first time it is asked for, with
-- the venue's name and VAT number as they stand then: a later change of the venue's VAT details
-- leaves a receipt already issued as it was.
CREATE TABLE receipts (
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  venue_id text NOT NULL REFERENCES venues (id) ON DELETE CASCADE,
  receipt_number integer NOT NULL CHECK (receipt_number > 0),
  issued_at timestamptz NOT NULL,
  -- Null: the venue was not registered for VAT, and the receipt shows no VAT.
  vat_number text,
  PRIMARY KEY (order_id, venue_id),
  UNIQUE (venue_id, receipt_number)
);
