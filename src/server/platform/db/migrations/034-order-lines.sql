-- Orders own their lines (docs/decisions/054). A line is one pass, sold one way, at one venue, date
-- and hour, within one order: what was bought, for how many people, at what price. Each visit a
-- confirmed order books belongs to one line, and a confirmed line has exactly `quantity` visits,
-- cancelled ones included; an order not (yet) confirmed has lines and no visits.
CREATE TABLE order_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- The line's place in its order, from 0: the cart's order of lines.
  position smallint NOT NULL CHECK (position >= 0),
  venue_id text NOT NULL,
  pass_id text NOT NULL,
  -- 'person': each unit admits one person; 'group': each unit admits up to places_per_unit people.
  ticket_type text NOT NULL DEFAULT 'person' CHECK (ticket_type IN ('person', 'group')),
  visit_date date NOT NULL,
  visit_hour smallint NOT NULL CHECK (visit_hour BETWEEN 0 AND 23),
  adults smallint NOT NULL CHECK (adults >= 0),
  children smallint NOT NULL DEFAULT 0 CHECK (children >= 0),
  -- Units sold: people for a person line, groups for a group line.
  quantity smallint NOT NULL CHECK (quantity > 0),
  places_per_unit smallint NOT NULL DEFAULT 1 CHECK (places_per_unit > 0),
  -- Per unit, in fils, VAT as visitors see it: the catalog's price on the line's day, what a
  -- promotion takes off it (never more than nothing), and what the unit costs.
  unit_list_price_fils integer NOT NULL CHECK (unit_list_price_fils >= 0),
  child_unit_list_price_fils integer CHECK (child_unit_list_price_fils >= 0),
  unit_adjustment_fils integer NOT NULL DEFAULT 0 CHECK (unit_adjustment_fils <= 0),
  unit_price_paid_fils integer NOT NULL,
  child_unit_price_paid_fils integer,
  -- The VAT rate the line was sold under; null: the venue was not registered, no VAT.
  vat_rate_percent smallint CHECK (vat_rate_percent BETWEEN 1 AND 99),
  -- The line some of whose visits were moved to another date to make this one.
  split_from bigint REFERENCES order_lines (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, position),
  CONSTRAINT order_lines_paid_is_list_plus_adjustment
    CHECK (unit_price_paid_fils = unit_list_price_fils + unit_adjustment_fils AND unit_price_paid_fils >= 0),
  CONSTRAINT order_lines_child_prices_together
    CHECK ((child_unit_list_price_fils IS NULL) = (child_unit_price_paid_fils IS NULL)),
  CONSTRAINT order_lines_child_paid_within_list
    CHECK (child_unit_price_paid_fils BETWEEN 0 AND child_unit_list_price_fils),
  CONSTRAINT order_lines_person_counts
    CHECK (ticket_type <> 'person' OR (quantity = adults + children AND places_per_unit = 1)),
  CONSTRAINT order_lines_children_have_a_price
    CHECK (ticket_type <> 'person' OR children = 0 OR child_unit_list_price_fils IS NOT NULL),
  CONSTRAINT order_lines_group_has_one_price
    CHECK (
      ticket_type <> 'group'
      OR (child_unit_list_price_fils IS NULL AND adults + children BETWEEN 1 AND quantity * places_per_unit)
    )
);

-- A visit is one unit of its line: one person ('adult' or 'child') or one group. Null only until
-- migration 035, for visits booked by a server that did not know lines yet.
ALTER TABLE confirmed_bookings
  ADD COLUMN line_id bigint REFERENCES order_lines (id),
  ADD COLUMN ticket text NOT NULL DEFAULT 'adult' CHECK (ticket IN ('adult', 'child', 'group'));
CREATE INDEX confirmed_bookings_line_idx ON confirmed_bookings (line_id);

-- Orders with visits: their visits are the record (a date change moved them, not `items`). One line
-- per venue, pass, date, time and price, so a visit moved alone, or repriced by its move, is a line
-- of its own. VAT as the order's receipt for the venue says, or, with none issued, as the venue is.
WITH parties AS (
  SELECT order_id, venue_id, pass_id, booking_date, booking_time, price_fils,
         min(id) AS first_visit, count(*) AS visits
  FROM confirmed_bookings
  GROUP BY order_id, venue_id, pass_id, booking_date, booking_time, price_fils
),
lines AS (
  INSERT INTO order_lines (order_id, position, venue_id, pass_id, visit_date, visit_hour, adults,
    quantity, unit_list_price_fils, unit_price_paid_fils, vat_rate_percent, created_at)
  SELECT p.order_id,
         row_number() OVER (PARTITION BY p.order_id ORDER BY p.first_visit) - 1,
         p.venue_id, p.pass_id, p.booking_date, substr(p.booking_time, 1, 2)::smallint, p.visits,
         p.visits, p.price_fils, p.price_fils,
         CASE
           WHEN r.order_id IS NOT NULL THEN CASE WHEN r.vat_number IS NOT NULL THEN 10 END
           WHEN v.vat_registered THEN 10
         END,
         o.created_at
  FROM parties p
  JOIN orders o ON o.id = p.order_id
  LEFT JOIN receipts r ON r.order_id = p.order_id AND r.venue_id = p.venue_id
  LEFT JOIN venues v ON v.id = p.venue_id
  RETURNING id, order_id, venue_id, pass_id, visit_date, visit_hour, unit_list_price_fils
)
UPDATE confirmed_bookings b
SET line_id = l.id
FROM lines l
WHERE b.order_id = l.order_id AND b.venue_id = l.venue_id AND b.pass_id = l.pass_id
  AND b.booking_date = l.visit_date AND substr(b.booking_time, 1, 2)::smallint = l.visit_hour
  AND b.price_fils = l.unit_list_price_fils;

-- Orders with no visits (awaiting payment, expired, failed): one line per item they were quoted,
-- in the items' order. An item stored before parties has no quantity: it booked one person.
INSERT INTO order_lines (order_id, position, venue_id, pass_id, visit_date, visit_hour, adults, quantity,
  unit_list_price_fils, unit_price_paid_fils, vat_rate_percent, created_at)
SELECT o.id, e.position - 1, e.item->>'gymId', e.item->>'passId', (e.item->>'date')::date,
       coalesce((e.item->>'hour')::smallint, substr(e.item->>'time', 1, 2)::smallint),
       greatest(coalesce((e.item->>'quantity')::smallint, 1), 1),
       greatest(coalesce((e.item->>'quantity')::smallint, 1), 1),
       (e.item->>'priceFils')::integer, (e.item->>'priceFils')::integer,
       CASE WHEN v.vat_registered THEN 10 END,
       o.created_at
FROM orders o
CROSS JOIN LATERAL jsonb_array_elements(o.items) WITH ORDINALITY AS e(item, position)
LEFT JOIN venues v ON v.id = e.item->>'gymId'
WHERE NOT EXISTS (SELECT 1 FROM confirmed_bookings b WHERE b.order_id = o.id);
