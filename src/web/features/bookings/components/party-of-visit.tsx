import { useTranslation } from 'react-i18next'
import { partyKey } from '../../../../shared/party.ts'
import type { CancellableBooking } from '../../../../shared/visits.ts'
import { usePartyHeading } from '../../../components/visit/party-groups.tsx'

/**
 * On a guest's booking page, the party the visit belongs to (docs/mail.md, "One mail per order"):
 * the heading the confirmation mail gives it and each person's reference, this one marked. A visit
 * booked alone shows nothing more.
 */
export function PartyOfVisit({
  booking,
  orderVisits,
}: {
  booking: CancellableBooking
  /** The order's other visits still ahead. */
  orderVisits: readonly CancellableBooking[]
}) {
  const { t } = useTranslation('bookings')
  const heading = usePartyHeading()
  const key = (visit: CancellableBooking) =>
    partyKey({ venueId: visit.gymId, date: visit.date, time: visit.time })
  const others = orderVisits.filter((visit) => visit.id !== booking.id && key(visit) === key(booking))
  if (others.length === 0) return null
  const party = [booking, ...others].sort((a, b) => a.id - b.id)
  return (
    <section aria-labelledby="party-heading" className="mb-4 rounded-lg bg-sand-100 px-3 py-2 text-sm">
      <h3 id="party-heading" className="font-bold text-brand-900">
        {heading(booking, party.length)}
      </h3>
      <p className="text-ink">{t('manage.partyTickets')}</p>
      <ul className="mt-1 space-y-0.5">
        {party.map((visit) => (
          <li key={visit.id}>
            <span dir="ltr" className="font-mono font-semibold">
              {visit.reference}
            </span>
            {visit.id === booking.id && <span className="text-muted"> ({t('manage.thisTicket')})</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}
