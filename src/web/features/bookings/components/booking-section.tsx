import type { ReactNode } from 'react'
import type { CancellableBooking as Booking } from '../../../../shared/visits.ts'
import { PartyGroups } from '../../../components/visit/party-groups.tsx'
import { BookingCard } from './booking-card.tsx'
import { ShowAllTickets } from './show-all-tickets.tsx'

/** One titled list of bookings (upcoming or past), with a short line instead when it has none. */
export function BookingSection({
  id,
  title,
  bookings,
  past,
  whenEmpty,
  highlight,
}: {
  id: string
  title: string
  bookings: Booking[]
  past: boolean
  whenEmpty: ReactNode
  /** The id of a booking to mark as just made. */
  highlight?: number
}) {
  const headingId = `${id}-heading`
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 flex items-center gap-2 text-xl font-bold text-brand-900">
        {title}
        {bookings.length > 0 && (
          <span
            aria-hidden="true"
            className="rounded-full bg-brand-50 px-2 text-sm font-semibold text-brand-800"
          >
            {bookings.length}
          </span>
        )}
      </h2>
      {bookings.length === 0 ? (
        <div className="rounded-card border border-dashed border-brand-900/15 bg-white/60 p-5 text-sm text-muted">
          {whenEmpty}
        </div>
      ) : (
        // A party's visits together, under the heading their confirmation mail gives them.
        <PartyGroups
          visits={bookings}
          listClassName="grid gap-4 md:grid-cols-2"
          renderPartyAction={(members) => (past ? null : <ShowAllTickets party={members} />)}
          renderVisit={(booking) => (
            <li key={booking.id}>
              <BookingCard
                booking={booking}
                past={past}
                justBooked={booking.id === highlight}
                siblings={bookings.filter(
                  (other) =>
                    other.orderId === booking.orderId &&
                    other.id !== booking.id &&
                    !other.cancellation.cancelledAt &&
                    other.cancellation.refusal === null,
                )}
              />
            </li>
          )}
        />
      )}
    </section>
  )
}
