import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { Booking } from '../../../../shared/visits.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { TicketDetails } from './ticket-details.tsx'

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

/**
 * The ticket full screen, as shown at reception: black on pure white at the largest size the screen
 * allows (a scanner reads that best, and a page cannot raise the phone's brightness itself), the
 * reference to read aloud, and what to bring.
 */
export function TicketDialog({
  booking,
  qrSrc,
  calendarHref,
  open,
  onOpenChange,
  returnFocusTo,
}: TicketDialogProps) {
  const { t } = useTranslation('bookings')
  const localized = useLocalized()
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 overflow-y-auto bg-white text-black focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
        >
          <div className="mx-auto flex min-h-full max-w-md flex-col gap-4 px-5 py-6">
            <div className="flex items-start justify-between gap-3">
              <div>
                <DialogPrimitive.Title className="text-xl font-bold">
                  {localized(booking.gymName)}
                </DialogPrimitive.Title>
                <DialogPrimitive.Description className="text-sm">
                  {localized(booking.passName)} · <span dir="ltr">{formatDisplayDate(booking.date)}</span>{' '}
                  <span dir="ltr">{booking.time}</span>
                </DialogPrimitive.Description>
              </div>
              <DialogPrimitive.Close className="shrink-0 rounded-full border border-black/20 px-4 py-2 text-sm font-semibold">
                {t('ticket.close')}
              </DialogPrimitive.Close>
            </div>
            <TicketDetails booking={booking} qrSrc={qrSrc} calendarHref={calendarHref} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
