import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import type { CartItem } from '../../../../shared/cart.ts'
import { capLineCodes, isCapCode, type Quote, type QuoteLine } from '../../../../shared/checkout.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button } from '../../../components/ui/button.tsx'
import { CancellationNote } from '../../../components/ui/cancellation-note.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useCartNames } from '../../cart/cart-names.ts'
import { PassForParty } from '../../cart/party-line.tsx'
import { useCheckoutText } from '../checkout-text.ts'

export interface SummaryLine {
  item: CartItem
  /** The server's view of the line; undefined while quoting, or for an old cart line without a pass. */
  quoted: QuoteLine | undefined
  /** Why the line cannot be booked: an error code. */
  problem: string | undefined
  /** The venue's cap the line goes past, for SLOT_CAP_EXCEEDED and DAY_CAP_EXCEEDED. */
  limit?: number
  /** The places the slot has left, for PLACES_LEFT. */
  left?: number
}

/** Pairs each cart line with its quote line (the quote answers the lines that have a pass, in order). */
export function summaryLines(items: CartItem[], quote: Quote | undefined): SummaryLine[] {
  let next = 0
  return items.map((item) => {
    if (!item.passId) return { item, quoted: undefined, problem: 'PASS_NOT_FOUND' }
    const quoted = quote?.lines[next++]
    const problem = quoted?.problem
    return { item, quoted, problem: problem?.code, limit: problem?.limit, left: problem?.left }
  })
}

/** The cart lines with the server's price in place of the one saved when they were added. */
export function pricedItems(lines: SummaryLine[]): CartItem[] {
  return lines.map(({ item, quoted }) => (quoted ? { ...item, passPrice: quoted.price } : item))
}

export function BookingSummary({ items, quote }: { items: CartItem[]; quote: UseQueryResult<Quote> }) {
  const { t } = useCheckoutText()
  const money = useMoney()
  const errorText = useErrorText()
  const localize = useLocalized()
  const namesOf = useCartNames(items)
  const lines = summaryLines(items, quote.data)
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
        {lines.map(({ item, quoted, problem: reason, limit, left }) =>
          quoting ? (
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
                {reason && (
                  <p className="text-sm font-semibold text-accent-600">
                    {isCapCode(reason)
                      ? errorText(capLineCodes[reason], { limit: limit ?? 0 })
                      : errorText(reason, { left: left ?? 0 })}
                  </p>
                )}
              </div>
              {quoted && !reason && (
                <div className="shrink-0 sm:text-end">
                  <p className="text-lg font-bold text-brand-800" dir="auto">
                    {money(quoted.priceFils * quoted.quantity)}
                  </p>
                  {quoted.price !== item.passPrice && (
                    <p className="text-xs font-semibold text-accent-600">
                      {t('priceChanged', { was: money(item.passPrice) })}
                    </p>
                  )}
                </div>
              )}
            </li>
          ),
        )}
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
