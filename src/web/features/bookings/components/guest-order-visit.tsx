import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { DateChangeRequest } from '../../../../shared/date-changes.ts'
import { calendarFilePath, ticketQrPath } from '../../../../shared/tickets.ts'
import type { OrderVisit } from '../../../../shared/visits.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { CancelledState, type CancelScope, CancelVisit } from './cancel-visit.tsx'
import { ChangeDate } from './change-date.tsx'
import { TicketDialog } from './ticket-dialog.tsx'

/** Whether a visit of a guest's order can still be cancelled or moved through its own link. */
export function actionable(visit: OrderVisit): boolean {
  return Boolean(visit.manageToken) && !visit.cancellation.cancelledAt && visit.cancellation.refusal === null
}

/** Whether a visit's ticket is still worth showing: booked, ahead, and its link given. */
export function ticketShown(visit: OrderVisit, today: string): boolean {
  return Boolean(visit.manageToken) && !visit.cancellation.cancelledAt && visit.date >= today
}

/**
 * One visit of a guest's order page: its reference and state, its ticket, and, through the visit's
 * own manage link, cancelling it (or the whole order) and moving it (or its party). A page opened
 * with a view link gives no links, so every visit stays read-only.
 */
export function GuestOrderVisit({
  visit,
  order,
  today,
  onCancel,
  onChange,
}: {
  visit: OrderVisit
  /** The whole order, this visit included. */
  order: readonly OrderVisit[]
  today: string
  onCancel(visit: OrderVisit, scope: CancelScope): Promise<unknown>
  onChange(visit: OrderVisit, request: DateChangeRequest): Promise<unknown>
}) {
  const { t } = useTranslation('bookings')
  const localized = useLocalized()
  const money = useMoney()
  const [ticketOpen, setTicketOpen] = useState(false)
  const ticketButton = useRef<HTMLButtonElement>(null)
  const siblings = order.filter((other) => other.id !== visit.id && actionable(other))
  const token = visit.manageToken
  const past = visit.date < today
  const headingId = `order-visit-${visit.id}`
  return (
    <article
      aria-labelledby={headingId}
      data-reference={visit.reference}
      className="rounded-card bg-white p-4 shadow-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold text-brand-900">
            <span dir="ltr" className="font-mono tracking-wider">
              {visit.reference}
            </span>
          </h3>
          <p className="text-sm text-ink">
            {localized(visit.gymName)} · {localized(visit.passName)}
          </p>
          <p className="text-sm text-muted">
            <span dir="ltr">{formatDisplayDate(visit.date)}</span> · <span dir="ltr">{visit.time}</span>
          </p>
        </div>
        <span className="shrink-0 font-semibold text-brand-800" dir="auto">
          {money(visit.price)}
        </span>
      </div>
      {visit.cancellation.cancelledAt ? (
        <CancelledState booking={visit} />
      ) : past ? (
        <p className="mt-3 text-sm text-muted">{t('manage.past')}</p>
      ) : token ? (
        <>
          <img
            src={ticketQrPath({ token })}
            alt={t('ticket.qrAlt', { reference: visit.reference })}
            width={160}
            height={160}
            className="mx-auto mt-3 aspect-square w-40 bg-white [image-rendering:pixelated]"
          />
          <CancelVisit booking={visit} siblings={siblings} onCancel={(scope) => onCancel(visit, scope)} />
          <ChangeDate booking={visit} siblings={siblings} onChange={(request) => onChange(visit, request)} />
          <Button ref={ticketButton} className="mt-4 w-full sm:w-auto" onClick={() => setTicketOpen(true)}>
            {t('showTicket')}
          </Button>
          <TicketDialog
            booking={visit}
            qrSrc={ticketQrPath({ token })}
            calendarHref={calendarFilePath({ token })}
            open={ticketOpen}
            onOpenChange={setTicketOpen}
            returnFocusTo={ticketButton}
          />
        </>
      ) : null}
    </article>
  )
}
