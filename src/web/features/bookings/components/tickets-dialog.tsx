import { type RefObject, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { Booking } from '../../../../shared/visits.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { TicketDetails } from './ticket-details.tsx'
import { TicketScreen } from './ticket-screen.tsx'

/** One person's ticket: the visit, and its QR code and calendar file behind the owner's check. */
export interface PartyTicket {
  booking: Booking
  qrSrc: string
  calendarHref: string
}

/**
 * "Show all tickets": a party's or an order's tickets full screen, one at a time, as a family shows
 * them at reception from one phone. A swipe moves to the next (the strip scrolls and snaps, in the
 * page's direction), and so do Previous and Next, the arrow keys and the Tab key (a focused link
 * scrolls its ticket into view); "Ticket 2 of 4" says where one is. Every ticket stays readable in
 * order by a screen reader.
 */
export function TicketsDialog({
  tickets,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  tickets: readonly PartyTicket[]
  open: boolean
  onOpenChange(open: boolean): void
  returnFocusTo: RefObject<HTMLElement | null>
}) {
  const { t } = useTranslation('bookings')
  const localized = useLocalized()
  const strip = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(0)
  const first = tickets[0]?.booking
  useEffect(() => {
    if (open) setShown(0)
  }, [open])
  if (!first) return null

  const goTo = (index: number) => {
    const next = Math.max(0, Math.min(tickets.length - 1, index))
    strip.current?.children[next]?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest', inline: 'start' })
    setShown(next)
  }
  // The slide most in view after a swipe: the strip's scroll over one slide's width.
  const onScroll = () => {
    const element = strip.current
    if (!element || element.clientWidth === 0) return
    setShown(Math.round(Math.abs(element.scrollLeft) / element.clientWidth))
  }

  return (
    <TicketScreen
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title={t('manage.allTicketsTitle')}
      description={t('manage.allTicketsCount', { count: tickets.length })}
      onKeyDown={(event) => {
        const forward = document.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight'
        const back = document.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft'
        if (event.key === forward) goTo(shown + 1)
        if (event.key === back) goTo(shown - 1)
      }}
    >
      <div className="mx-auto flex w-full max-w-md items-center justify-between gap-3 px-5 py-3">
        <button
          type="button"
          className="rounded-full border border-black/20 px-4 py-2 text-sm font-semibold disabled:opacity-30"
          disabled={shown === 0}
          onClick={() => goTo(shown - 1)}
        >
          {t('ticket.previous')}
        </button>
        <p role="status" className="text-sm font-semibold">
          {t('manage.ticketOf', { number: shown + 1, count: tickets.length })}
        </p>
        <button
          type="button"
          className="rounded-full border border-black/20 px-4 py-2 text-sm font-semibold disabled:opacity-30"
          disabled={shown === tickets.length - 1}
          onClick={() => goTo(shown + 1)}
        >
          {t('ticket.next')}
        </button>
      </div>
      <div
        ref={strip}
        onScroll={onScroll}
        className="mx-auto flex w-full max-w-md snap-x snap-mandatory overflow-x-auto overscroll-x-contain"
      >
        {tickets.map((ticket, index) => (
          <section
            key={ticket.booking.id}
            aria-label={t('manage.ticketOf', { number: index + 1, count: tickets.length })}
            className="w-full shrink-0 snap-start px-5 pb-6"
          >
            <p className="mb-3 text-center text-sm font-semibold">
              {t('manage.ticketOf', { number: index + 1, count: tickets.length })} ·{' '}
              {localized(ticket.booking.gymName)} · {localized(ticket.booking.passName)} ·{' '}
              <span dir="ltr">{formatDisplayDate(ticket.booking.date)}</span>{' '}
              <span dir="ltr">{ticket.booking.time}</span>
            </p>
            <TicketDetails booking={ticket.booking} qrSrc={ticket.qrSrc} calendarHref={ticket.calendarHref} />
          </section>
        ))}
      </div>
    </TicketScreen>
  )
}
