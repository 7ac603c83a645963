import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { ButtonLink } from '../../../components/ui/button.tsx'
import { useMoney } from '../../../lib/use-money.ts'
import { useQuote } from '../../checkout/api.ts'
import { LineProblem } from '../../checkout/components/line-problem.tsx'
import { summaryLines } from '../../checkout/line-problems.ts'
import { useCart } from '../cart-context.tsx'
import { useCartNames } from '../cart-names.ts'
import { useCurrentPrices } from '../current-prices.ts'
import { DayPrice, linePrice, PassForParty } from '../party-line.tsx'

export function CartPage() {
  // The checkout's catalog too, for a line's problem and its time picker: loaded with the page, not
  // in the middle of it.
  const { t } = useTranslation(['cart', 'checkout'])
  const money = useMoney()
  const cart = useCart()
  const prices = useCurrentPrices(cart.items)
  // The checkout's quote: a line whose slot filled (or has too few places) says so here too.
  const quote = useQuote(cart.items)
  const problems = summaryLines(cart.items, quote.data)
  const namesOf = useCartNames(cart.items)

  return (
    <div className="container-page max-w-4xl py-10">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{t('title')}</h1>
      {cart.items.length === 0 ? (
        <div className="rounded-card bg-white p-10 text-center shadow-card">
          <p className="mb-5 text-lg text-ink">{t('empty')}</p>
          <ButtonLink to={pagePath('gyms')}>{t('browse')}</ButtonLink>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-brand-900/10 rounded-card bg-white shadow-card">
            {prices.lines.map(({ item, current, changed, priceNote }, index) => {
              const names = namesOf(item)
              const line = problems[index]
              return (
                <li
                  key={item.id}
                  className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="font-bold text-brand-900">{names.venue}</p>
                    <p className="text-sm text-ink">
                      <PassForParty pass={names.pass} quantity={item.quantity} />
                    </p>
                    <p className="text-sm text-muted">{names.location}</p>
                    <p className="text-sm text-muted">
                      <span dir="ltr">{formatDisplayDate(item.date)}</span> ·{' '}
                      <span dir="ltr">{item.time}</span>
                    </p>
                    {item.payAtVenueOnly && (
                      <p className="inline-block rounded-full bg-sand-200 px-2.5 py-0.5 text-xs font-bold text-brand-950">
                        {t('payAtVenueOnly')}
                      </p>
                    )}
                    {line?.quoted && (
                      <LineProblem line={line} onRetime={(time) => cart.retime(item.id, time)} />
                    )}
                  </div>
                  <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end">
                    <div className="text-end">
                      <p className="text-lg font-bold text-brand-800" dir="auto">
                        {money(linePrice(current ?? item.passPrice, item.quantity))}
                      </p>
                      <DayPrice note={priceNote} />
                      {changed && (
                        <p className="text-xs font-semibold text-accent-600">
                          {t('priceChanged', { was: money(item.passPrice) })}
                        </p>
                      )}
                    </div>
                    <button
                      type="button"
                      onClick={() => cart.remove(item.id)}
                      className="rounded-full px-3 py-1.5 text-sm font-semibold text-accent-600 hover:bg-accent-500/10"
                      aria-label={t('removeItem', {
                        gym: names.venue,
                        date: formatDisplayDate(item.date),
                        time: item.time,
                      })}
                    >
                      {t('remove')}
                    </button>
                  </div>
                </li>
              )
            })}
          </ul>
          <div className="mt-6 flex items-center justify-between rounded-card bg-brand-900 px-6 py-4 text-white">
            <span className="font-semibold">{t('total')}</span>
            <span className="text-2xl font-bold" dir="auto" aria-live="polite">
              {prices.total === undefined ? '…' : money(prices.total)}
            </span>
          </div>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Link to={pagePath('gyms')} className="text-sm font-semibold text-brand-700 hover:underline">
              {t('continueShopping')}
            </Link>
            <div className="flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={pagePath('checkout')} variant="secondary">
                {t('continueAsGuest')}
              </ButtonLink>
              <ButtonLink to={pagePath('checkout')} variant="accent">
                {t('proceed')}
              </ButtonLink>
            </div>
          </div>
          <p className="mt-6 text-center text-sm text-muted">
            <Link to={pagePath('login')} className="font-semibold text-brand-700 hover:underline">
              {t('signInNote')}
            </Link>
          </p>
        </>
      )}
    </div>
  )
}
