import type { FastifyBaseLogger } from 'fastify'
import { addDays, todayInBahrain } from '../../../shared/bahrain-time.ts'
import type { Database } from '../../platform/db/database.ts'
import type { PeriodicJob } from '../../platform/jobs/periodic-job.ts'
import type { CatalogService } from '../catalog/service.ts'
import { slotStatus } from '../catalog/slot-rules.ts'
import { expireSlotOffers, offerSlot, slotBegun } from './offers.ts'
import { slotsWithExpiredOffers, slotsWithWaiting, type WaitlistSlot } from './repository.ts'

export interface WaitlistJobDeps {
  db: Database
  /** The slots' capacity and hours as the catalog has them now (a capacity raised frees places). */
  catalog: CatalogService
  log: FastifyBaseLogger
}

/** The slot's capacity as the catalog has it at `now`; undefined when it is closed, past or gone. */
async function catalogCapacity(catalog: CatalogService, slot: WaitlistSlot, now: Date) {
  const { venue, slots, exception } = await catalog.bookingContext(slot.venueId, slot.date)
  if (!venue) return undefined
  const verdict = slotStatus(slots, slot.date, slot.hour, now, { exception })
  return verdict.problem ? undefined : verdict.capacity
}

/**
 * One tick of the waiting list: offers unanswered past their 30 minutes expire and their places go
 * to the next in line; requests of slots that have begun are closed; then every slot with requests
 * waiting is offered what it has free, which catches a capacity raised and any place given back
 * without its listener (docs/decisions/046). Requests of slots `waitlistKeptDays` past are deleted. Each slot is its own transaction under its row lock.
 */
/** How long a slot's requests (addresses, names) are kept after its date. */
export const waitlistKeptDays = 30

export async function runWaitlistTick(deps: WaitlistJobDeps, now: Date) {
  const result = { expired: 0, closed: 0, offered: 0, forgotten: 0 }
  for (const slot of await slotsWithExpiredOffers(deps.db, now)) {
    const capacity = await catalogCapacity(deps.catalog, slot, now)
    result.expired += await expireSlotOffers(deps.db, slot, now, capacity)
  }
  for (const slot of await slotsWithWaiting(deps.db)) {
    if (slotBegun(slot, now)) {
      const closed = await deps.db
        .updateTable('waitlist_entries')
        .set({ status: 'expired', ended_at: now })
        .where('venue_id', '=', slot.venueId)
        .where('slot_date', '=', slot.date)
        .where('slot_hour', '=', slot.hour)
        .where('status', '=', 'waiting')
        .executeTakeFirst()
      result.closed += Number(closed.numUpdatedRows)
      continue
    }
    const capacity = await catalogCapacity(deps.catalog, slot, now)
    // A slot closed for the day keeps its line: it may open again before its hour.
    if (capacity === undefined) continue
    const offered = await deps.db.transaction().execute((trx) => offerSlot(trx, slot, now, capacity))
    result.offered += offered.length
  }
  const forgotten = await deps.db
    .deleteFrom('waitlist_entries')
    .where('slot_date', '<', addDays(todayInBahrain(now), -waitlistKeptDays))
    .executeTakeFirst()
  result.forgotten = Number(forgotten.numDeletedRows)
  return result
}

/** The waiting list's periodic job (platform/jobs runs it on one server at a time). */
export function waitlistJobs(deps: WaitlistJobDeps): PeriodicJob[] {
  return [
    {
      name: 'waitlist-offers',
      intervalMs: 60_000,
      run: async (now) => {
        const result = await runWaitlistTick(deps, now)
        if (result.expired + result.closed + result.offered + result.forgotten > 0)
          deps.log.info(result, 'waiting list moved on')
      },
    },
  ]
}
