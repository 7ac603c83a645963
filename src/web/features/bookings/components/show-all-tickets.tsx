import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { calendarFilePath, ticketQrPath } from '../../../../shared/tickets.ts'
import type { CancellableBooking } from '../../../../shared/visits.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TicketsDialog } from './tickets-dialog.tsx'

/**
 * "Show all tickets" for a signed-in visitor's party in My Bookings: the tickets of those still
 * coming, one after another full screen. Nothing when fewer than two are.
 */
export function ShowAllTickets({ party }: { party: readonly CancellableBooking[] }) {
  const { t } = useTranslation('bookings')
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const coming = party.filter((booking) => !booking.cancellation.cancelledAt)
  if (coming.length < 2) return null
  const tickets = coming.map((booking) => ({
    booking,
    qrSrc: ticketQrPath({ bookingId: booking.id }),
    calendarHref: calendarFilePath({ bookingId: booking.id }),
  }))
  return (
    <>
      <Button ref={button} size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('showAllTickets')}
      </Button>
      <TicketsDialog tickets={tickets} open={open} onOpenChange={setOpen} returnFocusTo={button} />
    </>
  )
}
