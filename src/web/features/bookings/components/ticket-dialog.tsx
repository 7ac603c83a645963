import type { RefObject } from 'react'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { Booking } from '../../../../shared/visits.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { TicketDetails } from './ticket-details.tsx'
import { TicketScreen } from './ticket-screen.tsx'

interface TicketDialogProps {
  booking: Booking
  /** The QR code's address: the booker's own, or a guest's link. */
  qrSrc: string
  /** The booking's calendar file, behind the same owner check as the QR code. */
  calendarHref: string
  open: boolean
  onOpenChange(open: boolean): void
  returnFocusTo: RefObject<HTMLElement | null>
}

/** One ticket full screen (ticket-screen.tsx): its QR code, the reference to read aloud, and what to bring. */
export function TicketDialog({
  booking,
  qrSrc,
  calendarHref,
  open,
  onOpenChange,
  returnFocusTo,
}: TicketDialogProps) {
  const localized = useLocalized()
  return (
    <TicketScreen
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title={localized(booking.gymName)}
      description={
        <>
          {localized(booking.passName)} · <span dir="ltr">{formatDisplayDate(booking.date)}</span>{' '}
          <span dir="ltr">{booking.time}</span>
        </>
      }
    >
      <div className="mx-auto w-full max-w-md px-5 py-4">
        <TicketDetails booking={booking} qrSrc={qrSrc} calendarHref={calendarHref} />
      </div>
    </TicketScreen>
  )
}
