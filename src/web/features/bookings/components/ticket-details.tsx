import { useTranslation } from 'react-i18next'
import type { Booking } from '../../../../shared/visits.ts'
import { AddToCalendar } from '../../../components/visit/add-to-calendar.tsx'
import { VenueDirections } from '../../../components/visit/venue-directions.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'

interface TicketDetailsProps {
  booking: Booking
  /** Null for a guest's read-only link, which does not show the ticket's code. */
  qrSrc: string | null
  /** The booking's calendar file, behind the same owner check as the QR code. */
  calendarHref: string
}

/** The ticket's face: the QR code, the reference, how it is paid, where it is, and what to bring. */
export function TicketDetails({ booking, qrSrc, calendarHref }: TicketDetailsProps) {
  const { t } = useTranslation('bookings')
  const localized = useLocalized()
  const money = useMoney()
  return (
    <div className="space-y-4 text-center">
      {qrSrc && (
        <>
          <img
            src={qrSrc}
            alt={t('ticket.qrAlt', { reference: booking.reference })}
            width={320}
            height={320}
            className="mx-auto aspect-square w-full max-w-80 bg-white [image-rendering:pixelated]"
          />
          <p className="text-sm">{t('ticket.show')}</p>
        </>
      )}
      <p>
        <span className="block text-xs font-semibold uppercase tracking-wide">{t('ticket.reference')}</span>
        <span dir="ltr" className="font-mono text-3xl font-bold tracking-widest">
          {booking.reference}
        </span>
      </p>
      <VenueDirections venueId={booking.gymId} address={localized(booking.location)} />
      <AddToCalendar href={calendarHref} reference={booking.reference} />
      <p className="rounded-lg bg-sand-100 px-3 py-2 text-sm font-semibold text-brand-950">
        {booking.paymentStatus === 'paid'
          ? t('ticket.paid')
          : t('ticket.collect', { price: money(booking.price) })}
      </p>
      <div className="text-start text-sm">
        <p className="font-semibold">{t('ticket.bringHeading')}</p>
        <ul className="mt-1 list-disc space-y-1 ps-5">
          <li>{t('ticket.bringId')}</li>
          <li>{t('ticket.bringKit')}</li>
          <li>{t('ticket.arrive')}</li>
        </ul>
      </div>
    </div>
  )
}
