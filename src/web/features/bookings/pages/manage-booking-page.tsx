import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { GuestCancelResult } from '../../../../shared/cancellations.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { calendarFilePath, ticketQrPath } from '../../../../shared/tickets.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { CancelledState, CancelVisit } from '../components/cancel-visit.tsx'
import { ChangeDate } from '../components/change-date.tsx'
import { PartyOfVisit } from '../components/party-of-visit.tsx'
import { TicketDetails } from '../components/ticket-details.tsx'
import { changeManagedBookingDate } from '../date-change-api.ts'
import { cancelManagedBooking, managedBooking } from '../guest-link-api.ts'

/**
 * A guest's booking, opened from the link in their confirmation mail: no account needed. A view
 * link (the calendar file's, the cancellation mail's) shows the booking without the ticket's QR
 * code and cannot cancel.
 */
export function ManageBookingPage() {
  const { token = '' } = useParams()
  const navigate = useNavigate()
  const { t } = useTranslation('bookings')
  const errorText = useErrorText()
  const localized = useLocalized()
  const queryClient = useQueryClient()
  const money = useMoney()
  // What a cancel of the whole order did, carried to the read-only link the page moved to.
  const orderCancelled = (useLocation().state as { orderCancelled?: OrderCancelled } | null)?.orderCancelled
  const managed = useQuery({
    queryKey: ['managed-booking', token],
    queryFn: () => managedBooking(token),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })

  return (
    <div className="container-page max-w-md py-8">
      <h1 className="mb-4 text-3xl font-bold text-brand-900">{t('manage.title')}</h1>
      {managed.isPending ? (
        <p role="status" aria-busy="true" className="text-muted">
          {t('manage.loading')}
        </p>
      ) : managed.isError ? (
        <p role="alert" className="rounded-card bg-white p-6 text-ink shadow-card">
          {errorText.of(managed.error)}
        </p>
      ) : (
        <article aria-labelledby="managed-venue" className="rounded-card bg-white p-5 shadow-card">
          {orderCancelled && orderCancelled.count > 0 && (
            <p role="status" className="mb-4 rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-900">
              {t('cancel.orderDone', {
                count: orderCancelled.count,
                refund:
                  orderCancelled.refundFils > 0
                    ? t('cancel.refundToCard', { amount: money(orderCancelled.refundFils) })
                    : t('cancel.nothingToPay'),
              })}
            </p>
          )}
          <p className="mb-3 text-ink">{t('manage.greeting', { name: managed.data.firstName })}</p>
          <h2 id="managed-venue" className="text-xl font-bold text-brand-900">
            {localized(managed.data.booking.gymName)}
          </h2>
          <p className="mb-4 text-sm text-ink">
            {localized(managed.data.booking.passName)} ·{' '}
            <span dir="ltr">{formatDisplayDate(managed.data.booking.date)}</span>{' '}
            <span dir="ltr">{managed.data.booking.time}</span>
          </p>
          <PartyOfVisit booking={managed.data.booking} orderVisits={managed.data.orderVisits} />
          {managed.data.access === 'manage' ? (
            <CancelVisit
              booking={managed.data.booking}
              siblings={managed.data.orderVisits}
              onCancel={async (scope) => {
                const result = await cancelManagedBooking(token, scope)
                const { viewToken } = result
                // The cancel revoked the link just used: the page moves, in place of it in the
                // history, to the read-only link of the booking's new version, which shows the
                // cancelled visit. The rest (places, refunds) is read again; the revoked link is
                // not, as it could only answer 404.
                await navigate(pagePath('manageBooking', { token: viewToken }), {
                  replace: true,
                  state: scope === 'order' ? { orderCancelled: orderCancelledBy(result) } : null,
                })
                await queryClient.invalidateQueries({
                  predicate: (query) =>
                    query.queryKey[0] !== 'managed-booking' || query.queryKey[1] !== token,
                })
              }}
            />
          ) : managed.data.booking.cancellation.cancelledAt ? (
            <CancelledState booking={managed.data.booking} />
          ) : (
            <p className="mt-4 rounded-lg bg-sand-100 px-3 py-2 text-sm text-ink">{t('manage.viewOnly')}</p>
          )}
          {managed.data.access === 'manage' && (
            <ChangeDate
              booking={managed.data.booking}
              siblings={managed.data.orderVisits}
              onChange={async (request) => {
                // The link stays valid after a move: the page reads the booking again through it.
                await changeManagedBookingDate(token, request)
                await queryClient.invalidateQueries()
              }}
            />
          )}
          {managed.data.booking.cancellation.cancelledAt ? null : managed.data.booking.date <
            managed.data.today ? (
            <p className="mt-4 text-muted">{t('manage.past')}</p>
          ) : (
            <div className="mt-4">
              <TicketDetails
                booking={managed.data.booking}
                qrSrc={managed.data.access === 'manage' ? ticketQrPath({ token }) : null}
                calendarHref={calendarFilePath({ token })}
              />
            </div>
          )}
        </article>
      )}
    </div>
  )
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
