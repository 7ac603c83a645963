import type { Database } from '../../db/database.ts'

/** One booking with what its ticket is made from. */
export async function findTicketBooking(db: Database, id: number) {
  return db.selectFrom('confirmed_bookings').selectAll().where('id', '=', id).executeTakeFirst()
}
