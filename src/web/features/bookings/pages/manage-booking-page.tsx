import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router'
import type { GuestCancelResult } from '../../../../shared/cancellations.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import type { ManagedBooking, OrderVisit } from '../../../../shared/visits.ts'
import { PartyGroups } from '../../../components/visit/party-groups.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { AllTickets } from '../components/all-tickets-dialog.tsx'
import type { CancelScope } from '../components/cancel-visit.tsx'
import { GuestOrderVisit, ticketShown } from '../components/guest-order-visit.tsx'
import { ReceiptLink } from '../components/receipt-link.tsx'
import { changeManagedBookingDate } from '../date-change-api.ts'
import { cancelManagedBooking, managedBooking } from '../guest-link-api.ts'

/** What the page's history entry carries: the order just booked, or what a cancel of it did. */
interface EntryState {
  orderCancelled?: OrderCancelled
  /** Set by the checkout as it moves here: the page is the order's confirmation (docs/booking.md). */
  confirmed?: { email?: string }
}

/**
 * A guest's order, opened from the link in their confirmation mail: no account needed. The link
 * names one visit; the page shows every visit of its order by the same guest, grouped by party,
 * each with its ticket, and cancels or moves each through that visit's own link. A view link (the
 * calendar file's, the cancellation mail's) shows the order without QR codes and cannot act.
 */
export function ManageBookingPage() {
  const { token = '' } = useParams()
  const navigate = useNavigate()
  const { t } = useTranslation('bookings')
  const errorText = useErrorText()
  const queryClient = useQueryClient()
  const money = useMoney()
  const entry = (useLocation().state ?? {}) as EntryState
  const managed = useQuery({
    queryKey: ['managed-booking', token],
    queryFn: () => managedBooking(token),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })

  async function cancel(data: ManagedBooking, visit: OrderVisit, scope: CancelScope) {
    if (!visit.manageToken) return
    const result = await cancelManagedBooking(visit.manageToken, scope)
    const order = visitsOf(data, token)
    if (!result.cancelledIds.includes(data.booking.id)) {
      // The page's own link still opens the order: read it again (and the places, the refunds).
      await queryClient.invalidateQueries()
      return
    }
    // The cancel revoked the page's own link. The page moves, in place of it in the history, to the
    // link of a visit of the order still booked, or else to the read-only link the answer gives,
    // which shows the cancelled order. The revoked link is not read again: it could only answer 404.
    const remaining = order.find(
      (other) =>
        other.manageToken && !other.cancellation.cancelledAt && !result.cancelledIds.includes(other.id),
    )
    const next = remaining?.manageToken ?? result.viewToken
    await navigate(pagePath('manageBooking', { token: next }), {
      replace: true,
      state: scope === 'order' ? { orderCancelled: orderCancelledBy(result) } : null,
    })
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== 'managed-booking' || query.queryKey[1] !== token,
    })
  }

  async function change(visit: OrderVisit, request: Parameters<typeof changeManagedBookingDate>[1]) {
    if (!visit.manageToken) return
    // The links stay valid after a move: the page reads the order again through its own.
    await changeManagedBookingDate(visit.manageToken, request)
    await queryClient.invalidateQueries()
  }

  const data = managed.data
  const order = data ? visitsOf(data, token) : []
  const tickets = data
    ? order.filter((visit): visit is OrderVisit & { manageToken: string } => ticketShown(visit, data.today))
    : []

  return (
    <div className="container-page max-w-2xl py-8">
      <h1 className="mb-4 text-3xl font-bold text-brand-900">{t('manage.title')}</h1>
      {managed.isPending ? (
        <p role="status" aria-busy="true" className="text-muted">
          {t('manage.loading')}
        </p>
      ) : managed.isError || !data ? (
        <p role="alert" className="rounded-card bg-white p-6 text-ink shadow-card">
          {errorText.of(managed.error)}
        </p>
      ) : (
        <div className="space-y-5">
          {entry.confirmed && (
            <section
              aria-labelledby="order-confirmed"
              className="rounded-card bg-brand-50 px-4 py-3 text-brand-900"
            >
              <h2 id="order-confirmed" className="text-xl font-bold">
                {t('manage.confirmedTitle')}
              </h2>
              <p role="status">
                {entry.confirmed.email
                  ? t('manage.confirmedBody', { email: entry.confirmed.email })
                  : t('manage.confirmedBodyNoEmail')}
              </p>
            </section>
          )}
          {entry.orderCancelled && entry.orderCancelled.count > 0 && (
            <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-900">
              {t('cancel.orderDone', {
                count: entry.orderCancelled.count,
                refund:
                  entry.orderCancelled.refundFils > 0
                    ? t('cancel.refundToCard', { amount: money(entry.orderCancelled.refundFils) })
                    : t('cancel.nothingToPay'),
              })}
            </p>
          )}
          <p className="text-ink">{t('manage.greeting', { name: data.firstName })}</p>
          {data.payment && data.payment.method !== 'venue' && (
            <p className="text-sm text-ink" data-payment-method={data.payment.method}>
              {t('manage.paidWith', {
                method: t(`manage.methods.${data.payment.method}`),
                total: money(data.payment.total),
              })}
            </p>
          )}
          {data.access === 'view' && (
            <p className="rounded-lg bg-sand-100 px-3 py-2 text-sm text-ink">{t('manage.viewOnly')}</p>
          )}
          <AllTickets visits={tickets} />
          {/* The order's parties under the heading the confirmation mail gives them. */}
          <PartyGroups
            visits={order}
            listClassName="space-y-4"
            renderVisit={(visit) => (
              <li key={visit.id}>
                <GuestOrderVisit
                  visit={visit}
                  order={order}
                  today={data.today}
                  onCancel={(target, scope) => cancel(data, target, scope)}
                  onChange={change}
                />
              </li>
            )}
          />
          <ReceiptLink owner={{ token }} />
        </div>
      )}
    </div>
  )
}

/** The order's visits; an answer without them (a server before order pages) is the link's own visit. */
function visitsOf(data: ManagedBooking, token: string): OrderVisit[] {
  if (data.order.length > 0) return data.order
  return [{ ...data.booking, manageToken: data.access === 'manage' ? token : null }]
}

interface OrderCancelled {
  count: number
  refundFils: number
}

/** The visits a cancel of the order cancelled now, and what goes back to the card for them. */
function orderCancelledBy(result: GuestCancelResult): OrderCancelled {
  const cancelled = result.bookings.filter((visit) => result.cancelledIds.includes(visit.id))
  return {
    count: cancelled.length,
    refundFils: cancelled.reduce((sum, visit) => sum + (visit.cancellation.refund?.amountFils ?? 0), 0),
  }
}
