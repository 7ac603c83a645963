import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { passLineName } from '../../../../shared/cart.ts'
import { formatBhd } from '../../../../shared/money.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import type { WaitlistEntry } from '../../../../shared/waitlist.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useCart } from '../../cart/cart-context.tsx'
import { useVenue } from '../../catalog/api.ts'
import { useRefreshWaitlistEntry } from '../api.ts'
import { bahrainClock, minutesAndSeconds, useSecondsUntil } from '../clock-text.ts'
import { keepHeldOffer } from '../held-offer.ts'
import { LeaveList } from './leave-list.tsx'

/**
 * Places held for the request: how many, until when (and a countdown), the total, and Book these
 * places, which puts the line in the cart with the offer (held-offer.ts) and goes to checkout.
 */
export function OfferPanel({ entry }: { entry: WaitlistEntry }) {
  const { t, i18n } = useTranslation('waitlist')
  /** A time inside an Arabic sentence, kept one left-to-right run (U+2066…U+2069). */
  const isolated = (time: string) => (i18n.language === 'ar' ? `\u2066${time}\u2069` : time)
  const money = useMoney()
  const localize = useLocalized()
  const cart = useCart()
  const navigate = useNavigate()
  // The venue's page data names its location, its pass's description and whether it takes payment
  // at reception only, as a cart line made in the booking dialog does; the checkout's quote has the last word.
  const venue = useVenue(entry.gymId).data?.gym
  const pass = venue?.passes.find((candidate) => candidate.id === entry.passId)
  const secondsLeft = useSecondsUntil(entry.offerExpiresAt)
  const over = secondsLeft === 0
  // The server says what became of the places (the next in line has them, or they are booked).
  const refresh = useRefreshWaitlistEntry(entry.token)
  useEffect(() => {
    if (over) void refresh()
  }, [over, refresh])

  function book() {
    const line = { gymId: entry.gymId, passId: entry.passId, date: entry.date, time: entry.time }
    // The held places are the line, as many as the request: an earlier line for that slot gives way.
    for (const item of cart.items)
      if (
        item.gymId === line.gymId &&
        item.passId === line.passId &&
        item.date === line.date &&
        item.time === line.time
      )
        cart.remove(item.id)
    cart.add({
      ...line,
      gymName: localize(entry.venueName),
      passName: passLineName(localize(entry.passName), pass ? localize(pass.description) : ''),
      passPrice: formatBhd(entry.priceFils),
      location: venue ? localize(venue.location) : '',
      payAtVenueOnly: venue?.payAtVenueOnly ?? false,
      quantity: entry.people,
    })
    keepHeldOffer({ token: entry.token, ...line })
    void navigate(pagePath('checkout'))
  }

  return (
    <div className="space-y-4">
      <div className="space-y-2 rounded-xl bg-brand-50 px-4 py-3 text-brand-900">
        <p>{t('heldPlaces', { count: entry.people })}</p>
        {entry.offerExpiresAt && (
          <p className="flex flex-wrap items-baseline justify-between gap-2 font-semibold">
            <span>{t('page.heldUntil', { time: isolated(bahrainClock(entry.offerExpiresAt)) })}</span>
            {/* Not announced every second: the time beside it says it once. */}
            <span aria-hidden="true" className="text-sm tabular-nums">
              {!over && t('page.timeLeft', { time: isolated(minutesAndSeconds(secondsLeft)) })}
            </span>
          </p>
        )}
      </div>
      <p className="flex items-baseline justify-between border-t border-brand-900/10 pt-3">
        <span className="text-muted">{t('page.total')}</span>
        <span className="text-lg font-bold text-brand-800" dir="auto">
          {money(entry.totalFils)}
        </span>
      </p>
      {over ? (
        <p role="status" className="rounded-xl bg-sand-100 px-4 py-3 text-ink">
          {t('explain.holdOver')}
        </p>
      ) : (
        <>
          <Button className="w-full" size="lg" onClick={book}>
            {t('page.book')}
          </Button>
          <LeaveList entry={entry} />
        </>
      )}
    </div>
  )
}
