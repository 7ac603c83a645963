import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { bahrainClock, minutesAndSeconds, useSecondsUntil } from '../../waitlist/clock-text.ts'
import { quoteQueryKey } from '../api.ts'
import { useCheckoutText } from '../checkout-text.ts'

/**
 * A waiting list offer's places at checkout (docs/booking.md, "Waiting list"): until when they are
 * held, as the quote says, and the time left. Once the hold is over the quote is asked again, and
 * it says what became of the line.
 */
export function HeldPlaces({ until }: { until: string }) {
  const { t, isolated } = useCheckoutText()
  const id = useId()
  const secondsLeft = useSecondsUntil(until)
  const queryClient = useQueryClient()
  const over = secondsLeft === 0
  useEffect(() => {
    if (over) void queryClient.invalidateQueries({ queryKey: quoteQueryKey })
  }, [over, queryClient])
  return (
    <p
      role="status"
      aria-labelledby={id}
      className="flex flex-wrap items-baseline justify-between gap-2 rounded-card bg-brand-50 px-5 py-4 font-semibold text-brand-900"
    >
      <span id={id}>{t('held.until', { time: isolated(bahrainClock(until)) })}</span>
      {/* Not announced every second: the time beside it says it once. */}
      <span aria-hidden="true" className="text-sm tabular-nums">
        {!over && t('held.left', { time: isolated(minutesAndSeconds(secondsLeft)) })}
      </span>
    </p>
  )
}
