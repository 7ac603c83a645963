import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { CartItem } from '../../../../shared/cart.ts'
import type { Quote } from '../../../../shared/checkout.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button } from '../../../components/ui/button.tsx'
import { CancellationNote } from '../../../components/ui/cancellation-note.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useCartNames } from '../../cart/cart-names.ts'
import { DayPrice, PassForParty } from '../../cart/party-line.tsx'
import { useCheckoutText } from '../checkout-text.ts'
import type { SummaryLine } from '../line-problems.ts'
import { LineProblem } from './line-problem.tsx'

/**
 * The checkout's lines as the server prices them, each unbookable one saying why once, with another
 * time to pick when the slot filled (line-problem.tsx).
 */
export function BookingSummary({
  items,
  lines,
  quote,
  onRetime,
}: {
  items: CartItem[]
  /** The cart's lines with the quote's, and a refused order's, word on each. */
  lines: SummaryLine[]
  quote: UseQueryResult<Quote>
  onRetime(item: CartItem, time: string): void
}) {
  const { t } = useCheckoutText()
  const money = useMoney()
  const localize = useLocalized()
  const namesOf = useCartNames(items)
  const quoting = quote.isPending && quote.fetchStatus !== 'idle'

  return (
    <section aria-labelledby="summary-title" className="rounded-card bg-white shadow-card">
      <h2 id="summary-title" className="px-5 pt-5 text-xl font-bold text-brand-900">
        {t('summaryTitle')}
      </h2>
      {quoting && (
        <p role="status" className="sr-only">
          {t('quoting')}
        </p>
      )}
      <ul className="divide-y divide-brand-900/10" aria-busy={quoting || undefined}>
        {lines.map((line) => {
          const { item, quoted, problem: reason } = line
          return quoting ? (
            <li key={item.id} className="animate-pulse space-y-2 p-5" aria-hidden="true">
              <div className="h-4 w-1/2 rounded bg-sand-200" />
              <div className="h-3 w-2/3 rounded bg-sand-100" />
              <div className="h-3 w-1/3 rounded bg-sand-100" />
            </li>
          ) : (
            <li key={item.id} className="flex flex-col gap-2 p-5 sm:flex-row sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="font-bold text-brand-900">
                  {quoted ? localize(quoted.gymName) : namesOf(item).venue}
                </p>
                <p className="text-sm text-ink">
                  <PassForParty
                    pass={quoted ? localize(quoted.passName) : namesOf(item).pass}
                    quantity={item.quantity}
                  />
                </p>
                <p className="text-sm text-muted">
                  <span dir="ltr">{formatDisplayDate(item.date)}</span> · <span dir="ltr">{item.time}</span>
                </p>
                {(quoted?.payAtVenueOnly ?? item.payAtVenueOnly) && (
                  <p className="inline-block rounded-full bg-sand-200 px-2.5 py-0.5 text-xs font-bold text-brand-950">
                    {t('payAtVenueOnly')}
                  </p>
                )}
                {quoted && !reason && quoted.cancellationNoticeHours !== undefined && (
                  <CancellationNote visit={item} noticeHours={quoted.cancellationNoticeHours} />
                )}
                <LineProblem line={line} onRetime={(time) => onRetime(item, time)} />
              </div>
              {quoted && !reason && (
                <div className="shrink-0 sm:text-end">
                  <p className="text-lg font-bold text-brand-800" dir="auto">
                    {money(quoted.priceFils * quoted.quantity)}
                  </p>
                  <DayPrice note={quoted.priceNote} />
                  {quoted.price !== item.passPrice && (
                    <p className="text-xs font-semibold text-accent-600">
                      {t('priceChanged', { was: money(item.passPrice) })}
                    </p>
                  )}
                </div>
              )}
            </li>
          )
        })}
      </ul>
      {quote.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 px-5 pb-5 text-sm text-accent-600">
          <span>{t('quoteFailed')}</span>
          <Button variant="secondary" size="sm" onClick={() => void quote.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {lines.some((line) => line.problem) && (
        <p className="px-5 pb-5 text-sm text-ink">
          {t('notBookable')}{' '}
          <Link to={pagePath('cart')} className="font-semibold text-brand-700 hover:underline">
            {t('editCart')}
          </Link>
        </p>
      )}
    </section>
  )
}
