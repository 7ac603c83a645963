import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatBahrainDateTime } from '../../../../shared/cancellation-policy.ts'
import type { LatePaymentRow, StuckRefund } from '../../../../shared/cancellations.ts'
import { refundEndpoints } from '../../../../shared/endpoints/refunds.ts'
import { Button } from '../../../components/ui/button.tsx'
import { callApi } from '../../../lib/call-api.ts'
import { useMoney } from '../../../lib/use-money.ts'

/**
 * The team's list of card refunds pending for more than a day, and of Tap payments that came after
 * their order had ended (booked, or given back); the route needs canViewReports.
 */
export function StuckRefundsPage() {
  const { t } = useTranslation('bookings')
  const refunds = useQuery({
    queryKey: ['stuck-refunds'],
    queryFn: () => callApi(refundEndpoints.stuck),
  })
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('refunds.title')}</h1>
      <p className="mt-2 mb-6 text-muted">{t('refunds.lead')}</p>
      {refunds.isPending ? (
        <p role="status" aria-busy="true" className="h-24 animate-pulse rounded-card bg-sand-200/70" />
      ) : refunds.isError ? (
        <div role="alert" className="rounded-card bg-white p-6 text-center shadow-card">
          <p className="mb-4 text-ink">{t('refunds.loadFailed')}</p>
          <Button busy={refunds.isFetching} onClick={() => void refunds.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : refunds.data.refunds.length === 0 ? (
        <p className="rounded-card bg-white p-8 text-center text-ink shadow-card">{t('refunds.none')}</p>
      ) : (
        <ul className="space-y-3">
          {refunds.data.refunds.map((refund) => (
            <RefundRow key={refund.id} refund={refund} />
          ))}
        </ul>
      )}
      {refunds.data && refunds.data.latePayments.length > 0 && (
        <section aria-labelledby="late-payments-title" className="mt-10">
          <h2 id="late-payments-title" className="text-xl font-bold text-brand-900">
            {t('refunds.late.title')}
          </h2>
          <p className="mt-1 mb-4 text-muted">{t('refunds.late.lead')}</p>
          <ul className="space-y-3">
            {refunds.data.latePayments.map((late) => (
              <LatePaymentItem key={late.orderId} late={late} />
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}

function LatePaymentItem({ late }: { late: LatePaymentRow }) {
  const { t, i18n } = useTranslation('bookings')
  const money = useMoney()
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const needsPerson = late.outcome === 'refund_failed'
  return (
    <li
      data-late-payment={late.outcome}
      className={`rounded-card bg-white p-5 text-sm shadow-card ${needsPerson ? 'border-s-4 border-red-600' : ''}`}
    >
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold text-brand-900">{t(`refunds.late.outcome.${late.outcome}`)}</span>
        <span className="font-bold text-brand-800">
          {late.amount ? money(late.amount) : <span dir="ltr">{late.currency}</span>}
        </span>
      </p>
      <p className="mt-1 text-muted">
        {t('refunds.late.paidOn', { time: formatBahrainDateTime(new Date(late.createdAt), language) })} ·{' '}
        {t('refunds.attempts', { count: late.attempts })}
      </p>
      <p dir="ltr" className="mt-1 font-mono text-xs text-muted">
        {late.orderId} · {late.chargeId}
      </p>
      {late.lastError && (
        <p dir="ltr" className="mt-2 rounded bg-sand-100 px-2 py-1 font-mono text-xs text-ink">
          {late.lastError}
        </p>
      )}
    </li>
  )
}

function RefundRow({ refund }: { refund: StuckRefund }) {
  const { t, i18n } = useTranslation('bookings')
  const money = useMoney()
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const when = (iso: string) => formatBahrainDateTime(new Date(iso), language)
  return (
    <li className="rounded-card bg-white p-5 text-sm shadow-card">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold text-brand-900">
          {refund.gymName} · <span dir="ltr">{refund.reference}</span>
        </span>
        <span className="font-bold text-brand-800">
          {money(refund.amount)}{' '}
          {refund.amountUsd ? (
            <>
              (<span dir="ltr">USD {refund.amountUsd}</span>)
            </>
          ) : (
            <span dir="ltr">(Tap{refund.providerStatus ? ` ${refund.providerStatus}` : ''})</span>
          )}
        </span>
      </p>
      <p className="mt-1 text-muted">
        {t('refunds.cancelledOn', { time: when(refund.createdAt) })} ·{' '}
        {t('refunds.attempts', { count: refund.attempts })} ·{' '}
        {refund.nextAttemptAt
          ? t('refunds.nextAttempt', { time: when(refund.nextAttemptAt) })
          : t('refunds.needsPerson')}
      </p>
      {refund.lastError && (
        <p dir="ltr" className="mt-2 rounded bg-sand-100 px-2 py-1 font-mono text-xs text-ink">
          {refund.lastError}
        </p>
      )}
    </li>
  )
}
