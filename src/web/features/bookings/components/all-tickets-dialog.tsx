import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { calendarFilePath, ticketQrPath } from '../../../../shared/tickets.ts'
import type { OrderVisit } from '../../../../shared/visits.ts'
import { Button } from '../../../components/ui/button.tsx'
import { TicketsDialog } from './tickets-dialog.tsx'

/** "Show all tickets" on a guest's order page: every ticket of the order, through its own link. */
export function AllTickets({ visits }: { visits: readonly (OrderVisit & { manageToken: string })[] }) {
  const { t } = useTranslation('bookings')
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  if (visits.length < 2) return null
  const tickets = visits.map((visit) => ({
    booking: visit,
    qrSrc: ticketQrPath({ token: visit.manageToken }),
    calendarHref: calendarFilePath({ token: visit.manageToken }),
  }))
  return (
    <>
      <Button ref={button} variant="secondary" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        {t('manage.allTickets', { count: visits.length })}
      </Button>
      <TicketsDialog tickets={tickets} open={open} onOpenChange={setOpen} returnFocusTo={button} />
    </>
  )
}
