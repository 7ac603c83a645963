import * as DialogPrimitive from '@radix-ui/react-dialog'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import { calendarFilePath, ticketQrPath } from '../../../../shared/tickets.ts'
import type { OrderVisit } from '../../../../shared/visits.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { TicketDetails } from './ticket-details.tsx'

/**
 * "Show all tickets": every ticket of the order one under the other, full screen, as a family shows
 * them at reception one phone for all (black on white, as the single ticket is).
 */
export function AllTickets({ visits }: { visits: readonly (OrderVisit & { manageToken: string })[] }) {
  const { t } = useTranslation('bookings')
  const localized = useLocalized()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  if (visits.length < 2) return null
  return (
    <>
      <Button ref={button} variant="secondary" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        {t('manage.allTickets', { count: visits.length })}
      </Button>
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Content
            className="fixed inset-0 z-50 overflow-y-auto bg-white text-black focus:outline-none"
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              button.current?.focus()
            }}
          >
            <div className="mx-auto flex min-h-full max-w-md flex-col gap-6 px-5 py-6">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <DialogPrimitive.Title className="text-xl font-bold">
                    {t('manage.allTicketsTitle')}
                  </DialogPrimitive.Title>
                  <DialogPrimitive.Description className="text-sm">
                    {t('manage.allTicketsCount', { count: visits.length })}
                  </DialogPrimitive.Description>
                </div>
                <DialogPrimitive.Close className="shrink-0 rounded-full border border-black/20 px-4 py-2 text-sm font-semibold">
                  {t('ticket.close')}
                </DialogPrimitive.Close>
              </div>
              <ol className="space-y-8">
                {visits.map((visit, index) => (
                  <li key={visit.id} className="border-t border-black/20 pt-4">
                    <p className="mb-2 text-sm font-semibold">
                      {t('manage.ticketOf', { number: index + 1, count: visits.length })} ·{' '}
                      {localized(visit.gymName)} · <span dir="ltr">{formatDisplayDate(visit.date)}</span>{' '}
                      <span dir="ltr">{visit.time}</span>
                    </p>
                    <TicketDetails
                      booking={visit}
                      qrSrc={ticketQrPath({ token: visit.manageToken })}
                      calendarHref={calendarFilePath({ token: visit.manageToken })}
                    />
                  </li>
                ))}
              </ol>
            </div>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </>
  )
}
