import { randomUUID } from 'node:crypto'
import { copyFile, mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../../tests/support/test-database.ts'
import type { DatabaseHandle } from './database.ts'
import { migrate } from './migrate.ts'

/**
 * Migration 034 on orders as the marketplace holds them before it (docs/decisions/054): every order
 * comes to own lines, and every visit a line, with nothing lost: people, prices, VAT and who paid.
 */
const projectMigrations = new URL('./migrations/', import.meta.url)
let database: DatabaseHandle

type Visit = {
  pass?: string
  date: string
  time: string
  priceFils: number
  cancelled?: boolean
  moved?: boolean
  venue?: string
}
type Item = {
  venue?: string
  pass?: string
  date: string
  time: string
  priceFils: number
  quantity?: number
}

/** The orders the test writes, by name, with their ids. */
const orders = new Map<string, string>()

async function order(
  name: string,
  status: 'confirmed' | 'awaiting_payment' | 'expired' | 'payment_failed',
  items: Item[],
  visits: Visit[] = [],
  { method = 'card', createdAt = '2026-10-01T08:00:00Z' } = {},
) {
  const id = randomUUID()
  orders.set(name, id)
  const stored = items.map((item) => ({
    gymId: item.venue ?? 'marina',
    passId: item.pass ?? 'gym',
    date: item.date,
    time: item.time,
    hour: Number(item.time.slice(0, 2)),
    capacity: 20,
    // Orders placed before parties did not say how many people a line was for: one.
    ...(item.quantity === undefined ? {} : { quantity: item.quantity }),
    priceFils: item.priceFils,
    price: `BD ${(item.priceFils / 1000).toFixed(3)}`,
    gymName: { en: 'Manama Marina Hotel', ar: 'فندق مرسى المنامة' },
    passName: { en: 'Gym Day Pass', ar: 'تذكرة النادي' },
    location: { en: 'Manama', ar: 'المنامة' },
    payAtVenueOnly: false,
  }))
  const total = items.reduce((sum, item) => sum + item.priceFils * (item.quantity ?? 1), 0)
  await database.pool.query(
    `INSERT INTO orders (id, contact_email, language, payment_method, status, items, total_fils,
       total_usd_cents, created_at, confirmed_at)
     VALUES ($1, 'family@example.bh', 'ar', $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      method,
      status,
      JSON.stringify(stored),
      total,
      Math.round((total * 2.65) / 10),
      createdAt,
      status === 'confirmed' ? createdAt : null,
    ],
  )
  for (const visit of visits)
    await database.pool.query(
      `INSERT INTO confirmed_bookings (order_id, venue_id, venue_name, venue_name_ar, pass_id, pass_name,
         pass_name_ar, pass_price, price_fils, booking_date, booking_time, location, location_ar,
         payment_status, cancelled_at, date_changes, commission_basis_points)
       VALUES ($1, $2, 'Manama Marina Hotel', 'فندق مرسى المنامة', $3, 'Gym Day Pass', 'تذكرة النادي',
         $4, $5, $6, $7, 'Manama', 'المنامة', $8, $9, $10, 1500)`,
      [
        id,
        visit.venue ?? 'marina',
        visit.pass ?? 'gym',
        `BD ${(visit.priceFils / 1000).toFixed(3)}`,
        visit.priceFils,
        visit.date,
        visit.time,
        method === 'venue' ? 'pay at venue' : 'paid',
        visit.cancelled ? '2026-10-02T08:00:00Z' : null,
        visit.moved ? 1 : 0,
      ],
    )
  return id
}

const times = (n: number, visit: Visit) => Array.from({ length: n }, () => visit)

beforeAll(async () => {
  const before = await mkdtemp(join(tmpdir(), 'migrations-before-034-'))
  for (const name of await readdir(fileURLToPath(projectMigrations)))
    if (/^\d{3}-/.test(name) && name < '034-')
      await copyFile(join(fileURLToPath(projectMigrations), name), join(before, name))
  database = await createTestDatabase(pathToFileURL(`${before}/`))
  const { pool } = database
  // Marina is registered for VAT; the spa was, when its receipt was issued, and is no longer.
  await pool.query(
    `INSERT INTO venues (id, name_en, name_ar, description_en, description_ar, area_id, location_en,
       location_ar, venue_type, capacity_per_slot, vat_registered, vat_number)
     VALUES
       ('marina', 'Manama Marina Hotel', 'فندق مرسى المنامة', '', '', 'manama', '', '', 'hotel', 20, true, '200000000000003'),
       ('spa', 'Seef Spa', 'سبا السيف', '', '', 'seef', '', '', 'resort-spa', 20, false, NULL)`,
  )

  // A family of three on one line and one more visitor another day, paid at the venue.
  await order(
    'family at the venue',
    'confirmed',
    [
      { date: '2026-10-10', time: '09:00', priceFils: 10000, quantity: 3 },
      { date: '2026-10-11', time: '09:00', priceFils: 12000 },
    ],
    [
      ...times(3, { date: '2026-10-10', time: '09:00', priceFils: 10000 }),
      { date: '2026-10-11', time: '09:00', priceFils: 12000 },
    ],
    { method: 'venue' },
  )
  // A card party of four: one cancelled, one moved alone to the weekend (repriced), two as booked.
  await order(
    'party with a move',
    'confirmed',
    [{ date: '2026-10-12', time: '10:00', priceFils: 10000, quantity: 4 }],
    [
      { date: '2026-10-12', time: '10:00', priceFils: 10000 },
      { date: '2026-10-12', time: '10:00', priceFils: 10000, cancelled: true },
      { date: '2026-10-16', time: '18:00', priceFils: 12000, moved: true },
      { date: '2026-10-12', time: '10:00', priceFils: 10000 },
    ],
  )
  // Two passes in one slot: two lines.
  await order(
    'two passes one slot',
    'confirmed',
    [
      { date: '2026-10-13', time: '07:00', priceFils: 10000, quantity: 2 },
      { pass: 'pool', date: '2026-10-13', time: '07:00', priceFils: 8000, quantity: 2 },
    ],
    [
      ...times(2, { date: '2026-10-13', time: '07:00', priceFils: 10000 }),
      ...times(2, { pass: 'pool', date: '2026-10-13', time: '07:00', priceFils: 8000 }),
    ],
  )
  // Booked before parties: items without a quantity, one visit each; the spa's receipt had VAT.
  const spaOrder = await order(
    'before parties',
    'confirmed',
    [
      { venue: 'spa', pass: 'massage', date: '2026-09-01', time: '16:00', priceFils: 25000 },
      { venue: 'spa', pass: 'massage', date: '2026-09-02', time: '16:00', priceFils: 25000 },
    ],
    [
      { venue: 'spa', pass: 'massage', date: '2026-09-01', time: '16:00', priceFils: 25000 },
      { venue: 'spa', pass: 'massage', date: '2026-09-02', time: '16:00', priceFils: 25000 },
    ],
  )
  await pool.query(
    `INSERT INTO receipts (order_id, venue_id, receipt_number, issued_at, vat_number)
     VALUES ($1, 'spa', 1, '2026-09-01T10:00:00Z', '200000000000011')`,
    [spaOrder],
  )
  // Marina's receipt for this one was issued before it registered: no VAT on the line.
  const beforeVat = await order(
    'receipt without vat',
    'confirmed',
    [{ date: '2026-08-01', time: '08:00', priceFils: 9000 }],
    [{ date: '2026-08-01', time: '08:00', priceFils: 9000 }],
  )
  await pool.query(
    `INSERT INTO receipts (order_id, venue_id, receipt_number, issued_at, vat_number)
     VALUES ($1, 'marina', 1, '2026-08-01T10:00:00Z', NULL)`,
    [beforeVat],
  )
  // A Tap payment that came after its order had expired, booked late.
  const late = await order(
    'late tap payment',
    'confirmed',
    [{ date: '2026-10-20', time: '11:00', priceFils: 10000, quantity: 2 }],
    times(2, { date: '2026-10-20', time: '11:00', priceFils: 10000 }),
    { method: 'benefit' },
  )
  await pool.query(
    `INSERT INTO late_payments (order_id, charge_id, amount_fils, currency, order_status, outcome, created_at, resolved_at)
     VALUES ($1, 'chg_late', 20000, 'BHD', 'expired', 'booked', now(), now())`,
    [late],
  )
  // Orders that booked nothing: their items are the record.
  await order('awaiting payment', 'awaiting_payment', [
    { date: '2026-12-01', time: '09:00', priceFils: 10000, quantity: 2 },
    { pass: 'pool', date: '2026-12-01', time: '10:00', priceFils: 8000 },
  ])
  await order('expired', 'expired', [{ date: '2026-11-01', time: '09:00', priceFils: 10000, quantity: 5 }])
  await order('failed', 'payment_failed', [
    { venue: 'spa', date: '2026-11-02', time: '20:00', priceFils: 30000 },
  ])

  expect(await migrate(pool)).toEqual(
    (await readdir(fileURLToPath(projectMigrations))).filter((name) => name >= '034-').sort(),
  )
})
afterAll(() => database.close())

const linesOf = (name: string) =>
  database.db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orders.get(name) ?? '')
    .orderBy('position')
    .execute()

const visitsOf = (name: string) =>
  database.db
    .selectFrom('confirmed_bookings')
    .select(['id', 'line_id', 'ticket', 'price_fils', 'booking_date'])
    .where('order_id', '=', orders.get(name) ?? '')
    .orderBy('id')
    .execute()

describe('migration 034', () => {
  it('gives every visit a line of its own order, one adult each', async () => {
    const visits = await database.db
      .selectFrom('confirmed_bookings')
      .leftJoin('order_lines', 'order_lines.id', 'confirmed_bookings.line_id')
      .select(['confirmed_bookings.order_id as visitOrder', 'order_lines.order_id as lineOrder', 'ticket'])
      .execute()
    expect(visits).toHaveLength(17)
    for (const visit of visits)
      expect(visit).toEqual({ ...visit, lineOrder: visit.visitOrder, ticket: 'adult' })
  })

  it('makes a confirmed line of each party, whose units are its visits, cancelled ones included', async () => {
    for (const name of orders.keys()) {
      const lines = await linesOf(name)
      const visits = await visitsOf(name)
      if (visits.length === 0) continue
      for (const line of lines) {
        const units = visits.filter((visit) => visit.line_id === line.id)
        expect(units, name).toHaveLength(line.quantity)
        expect(units.reduce((sum, unit) => sum + unit.price_fils, 0)).toBe(
          line.quantity * line.unit_price_paid_fils,
        )
      }
      expect(lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(visits.length)
    }
    expect(await linesOf('family at the venue')).toMatchObject([
      {
        position: 0,
        venue_id: 'marina',
        pass_id: 'gym',
        ticket_type: 'person',
        visit_date: '2026-10-10',
        visit_hour: 9,
        adults: 3,
        children: 0,
        quantity: 3,
        places_per_unit: 1,
        unit_list_price_fils: 10000,
        child_unit_list_price_fils: null,
        unit_adjustment_fils: 0,
        unit_price_paid_fils: 10000,
        split_from: null,
      },
      { position: 1, visit_date: '2026-10-11', quantity: 1, unit_price_paid_fils: 12000 },
    ])
  })

  it('gives a visit moved alone a line of its own, at the price it was moved to', async () => {
    const lines = await linesOf('party with a move')
    expect(
      lines.map((line) => [line.visit_date, line.visit_hour, line.quantity, line.unit_price_paid_fils]),
    ).toEqual([
      ['2026-10-12', 10, 3, 10000],
      ['2026-10-16', 18, 1, 12000],
    ])
    const visits = await visitsOf('party with a move')
    expect(visits.map((visit) => visit.line_id)).toEqual([
      lines[0]?.id,
      lines[0]?.id,
      lines[1]?.id,
      lines[0]?.id,
    ])
  })

  it('keeps two passes in one slot as two lines', async () => {
    const lines = await linesOf('two passes one slot')
    expect(lines.map((line) => [line.pass_id, line.quantity, line.unit_price_paid_fils])).toEqual([
      ['gym', 2, 10000],
      ['pool', 2, 8000],
    ])
  })

  it('takes the VAT rate from the receipt issued, else from the venue', async () => {
    const rates = async (name: string) => (await linesOf(name)).map((line) => line.vat_rate_percent)
    expect(await rates('before parties')).toEqual([10, 10])
    expect(await rates('receipt without vat')).toEqual([null])
    expect(await rates('family at the venue')).toEqual([10, 10])
    expect(await rates('failed')).toEqual([null])
  })

  it('makes the lines of an order that booked nothing from its items, adding up to its total', async () => {
    for (const name of ['awaiting payment', 'expired', 'failed']) {
      const lines = await linesOf(name)
      const total = await database.db
        .selectFrom('orders')
        .select('total_fils')
        .where('id', '=', orders.get(name) ?? '')
        .executeTakeFirstOrThrow()
      expect(
        lines.reduce((sum, line) => sum + line.quantity * line.unit_price_paid_fils, 0),
        name,
      ).toBe(total.total_fils)
      expect(await visitsOf(name)).toEqual([])
    }
    expect(
      (await linesOf('awaiting payment')).map((line) => [
        line.position,
        line.pass_id,
        line.visit_hour,
        line.adults,
      ]),
    ).toEqual([
      [0, 'gym', 9, 2],
      [1, 'pool', 10, 1],
    ])
  })

  it('keeps the late payment’s booked order whole', async () => {
    const lines = await linesOf('late tap payment')
    expect(lines.map((line) => line.quantity)).toEqual([2])
    expect((await visitsOf('late tap payment')).every((visit) => visit.line_id === lines[0]?.id)).toBe(true)
  })

  it('refuses a line that breaks the rules of lines', async () => {
    const id = orders.get('expired')
    let position = 10
    // Without parameters: a refused parameterised insert here left PGlite's close waiting forever.
    const insert = (values: string) =>
      database.pool.query(
        `INSERT INTO order_lines (order_id, position, venue_id, pass_id, visit_date, visit_hour, adults,
           children, quantity, unit_list_price_fils, child_unit_list_price_fils, unit_adjustment_fils,
           unit_price_paid_fils, child_unit_price_paid_fils, ticket_type, places_per_unit)
         VALUES ('${id}', ${position++}, 'marina', 'gym', '2026-12-01', 9, ${values})`,
      )
    // adults, children, quantity, list, child list, adjustment, paid, child paid, type, places
    await expect(insert(`2, 0, 3, 1000, NULL, 0, 1000, NULL, 'person', 1`)).rejects.toThrow(
      /order_lines_person_counts/,
    )
    await expect(insert(`1, 1, 2, 1000, NULL, 0, 1000, NULL, 'person', 1`)).rejects.toThrow(
      /order_lines_children_have_a_price/,
    )
    await expect(insert(`1, 0, 1, 1000, NULL, -200, 1000, NULL, 'person', 1`)).rejects.toThrow(
      /order_lines_paid_is_list_plus_adjustment/,
    )
    await expect(insert(`1, 0, 1, 1000, NULL, 100, 1100, NULL, 'person', 1`)).rejects.toThrow(
      /order_lines_unit_adjustment_fils_check/,
    )
    await expect(insert(`2, 3, 1, 25000, 5000, 0, 25000, 5000, 'group', 4`)).rejects.toThrow(
      /order_lines_group_has_one_price/,
    )
    await expect(insert(`3, 2, 1, 25000, NULL, 0, 25000, NULL, 'group', 4`)).rejects.toThrow(
      /order_lines_group_has_one_price/,
    )
    await expect(insert(`1, 1, 2, 1000, 500, -200, 800, 600, 'person', 1`)).rejects.toThrow(
      /order_lines_child_paid_within_list/,
    )
    // A family group, and an adult and a child at their two prices with a discount, are lines.
    await insert(`2, 2, 1, 25000, NULL, 0, 25000, NULL, 'group', 4`)
    await insert(`1, 1, 2, 1000, 500, -200, 800, 300, 'person', 1`)
  })
})
