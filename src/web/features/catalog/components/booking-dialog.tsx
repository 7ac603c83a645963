import { lazy, type RefObject, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type IsoDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { maxPartySize } from '../../../../shared/cart.ts'
import type { Pass, Venue } from '../../../../shared/catalog-api.ts'
import { Button, Spinner } from '../../../components/ui/button.tsx'
import { CancellationNote } from '../../../components/ui/cancellation-note.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useCart } from '../../cart/cart-context.tsx'
import { useAvailability } from '../api.ts'
import { DateField } from './date-field.tsx'
import { PeopleStepper } from './people-stepper.tsx'
import { TimeSlotGrid } from './time-slot-grid.tsx'

// The waiting list's join (and a guest's e-mail check) loads only when a full time is chosen.
const JoinWaitlist = lazy(() =>
  import('../../waitlist/components/join-waitlist.tsx').then((m) => ({ default: m.JoinWaitlist })),
)

export interface BookingChoice {
  date: IsoDate
  time: string
  /** The pass's price for one person on that date, formatted, e.g. "BD 16.000". */
  price: string
  /** How many people. */
  quantity: number
}

interface BookingDialogProps {
  venue: Venue
  pass: Pass
  open: boolean
  onOpenChange(open: boolean): void
  onConfirm(choice: BookingChoice): void
  /** The Add to Cart button, which gets the focus back when the dialog closes. */
  returnFocusTo?: RefObject<HTMLElement | null>
  /** The date and time to start at: the ones the visitor just added another pass for. */
  initial?: BookingStart | undefined
}

/**
 * "Book Your Session": a date (today in Bahrain or later), one of the hourly slots, how many people
 * (up to the places left then and the venue's cap on one booking), and the price that day × people.
 * A full slot can be chosen too: it offers its waiting list for the people chosen instead.
 */
/** The date and time a booking dialog opens at; without a time, the date's first open one. */
export interface BookingStart {
  date: IsoDate
  time?: string | undefined
}

export function BookingDialog({
  venue,
  pass,
  open,
  onOpenChange,
  onConfirm,
  returnFocusTo,
  initial,
}: BookingDialogProps) {
  const { t } = useTranslation('catalog')
  const money = useMoney()
  const errorText = useErrorText()
  const localize = useLocalized()
  const [date, setDate] = useState<IsoDate | undefined>(initial?.date)
  const [picked, setPicked] = useState<string | undefined>(initial?.time)
  const [touched, setTouched] = useState(false)
  const [wanted, setWanted] = useState(1)
  const availability = useAvailability(venue.id, date)
  // At the date it opened at, until the visitor picks: the start's time if it is still open (the
  // list's next slot may be a moment old), else the next open one after it, ready to tap.
  const time =
    !touched && date === initial?.date && availability.data
      ? (availability.data.slots.find((entry) => entry.status === 'open' && (!picked || entry.time >= picked))
          ?.time ?? picked)
      : picked
  const priced = availability.data?.passes.find((entry) => entry.id === pass.id)
  const price = priced?.price
  const slot = availability.data?.slots.find((entry) => entry.time === time && entry.status === 'open')
  const slotStillOpen = Boolean(slot)
  // A full time: the visitor may ask to be told when places free up (docs/booking.md, "Waiting list").
  const waiting = availability.data?.slots.some((entry) => entry.time === time && entry.status === 'full')
  const perOrder = availability.data?.placesPerOrder ?? maxPartySize
  // People the cart already brings to this time, any pass: one order counts them all against the
  // venue's cap and the places left, and adding this pass again joins its line.
  const inCart = useCart()
    .items.filter((item) => item.gymId === venue.id && item.date === date && item.time === time)
    .reduce((sum, item) => sum + item.quantity, 0)
  // A waiting list request is a party of its own: only the venue's cap on one booking bounds it.
  const room = waiting
    ? Math.min(perOrder, maxPartySize)
    : Math.min(perOrder - inCart, maxPartySize, (slot?.remaining ?? perOrder) - inCart)
  // The people chosen stay as chosen; a time with fewer places shows (and books) only as many.
  const most = Math.max(1, room)
  const people = Math.min(wanted, most)
  const placesBind = slot !== undefined && slot.remaining < perOrder

  function changeDate(next: IsoDate | undefined) {
    setDate(next)
    setPicked(undefined)
    setTouched(true)
  }

  function pickTime(next: string) {
    setPicked(next)
    setTouched(true)
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title={t('bookTitle')}
      description={`${localize(venue.name)} · ${localize(pass.name)}`}
    >
      <div className="space-y-5">
        <DateField
          label={t('date')}
          value={date}
          min={todayInBahrain()}
          sale={{ from: venue.sellsFrom, until: venue.sellsUntil }}
          onChange={changeDate}
        />
        {date && availability.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner /> {t('loadingSlots')}
          </p>
        )}
        {availability.isError && (
          <p role="alert" className="text-sm text-accent-600">
            {errorText.of(availability.error)}
          </p>
        )}
        {availability.data && (
          <>
            {availability.data.holiday && (
              <p className="rounded-lg bg-sand-100 px-3 py-2 text-sm text-ink">
                {t('holidayNote', { name: localize(availability.data.holiday) })}
              </p>
            )}
            {availability.data.slots.every((slot) => slot.status === 'closed') ? (
              <p role="status" className="rounded-lg bg-sand-100 px-3 py-2 text-sm text-ink">
                {t('closedOnDate')}
              </p>
            ) : (
              <TimeSlotGrid slots={availability.data.slots} value={time} onChange={pickTime} fullChoosable />
            )}
            <div className="space-y-1">
              <PeopleStepper value={people} max={most} onChange={setWanted} />
              {/* Why + stops here: the places left at this time, or the venue's cap on one booking. */}
              {people === most && most < maxPartySize && (
                <p role="status" className="text-end text-xs font-semibold text-accent-600">
                  {inCart > 0 && !waiting && `${t('peopleInCart', { count: inCart })} `}
                  {placesBind && slot
                    ? t('peopleLimitPlaces', { count: slot.remaining })
                    : t('peopleLimitOrder', { count: perOrder })}
                </p>
              )}
            </div>
            {priced && (
              // The price never wraps: at 390 px in Arabic the day's label beside it pushed «د.ب» onto
              // a line of its own. The label takes the room left, under the words before it.
              <div className="flex items-start justify-between gap-3 border-t border-brand-900/10 pt-3 text-sm">
                <div className="min-w-0 text-muted">
                  {people > 1
                    ? t('lineTotal', { count: people, price: money(priced.price) })
                    : t('priceOnDate')}
                  {/* The day's price named only when it differs from a weekday's (the server says). */}
                  {priced.priceNote && (
                    <span className="ms-2 inline-block rounded-full bg-sand-200 px-2 py-0.5 text-xs font-semibold text-brand-950">
                      {t(priced.priceNote === 'weekend' ? 'weekendPrice' : 'holidayPrice')}
                    </span>
                  )}
                </div>
                <span
                  className="shrink-0 whitespace-nowrap text-lg font-bold text-brand-800"
                  dir="auto"
                  aria-live="polite"
                >
                  {money(priced.priceFils * people)}
                </span>
              </div>
            )}
            {time && slotStillOpen && (
              <CancellationNote
                visit={{ date: date ?? '', time }}
                noticeHours={venue.cancellationNoticeHours}
              />
            )}
          </>
        )}
        {waiting && date && time ? (
          <Suspense
            fallback={<div aria-hidden="true" className="h-32 animate-pulse rounded-xl bg-sand-100" />}
          >
            <JoinWaitlist
              key={`${date} ${time}`}
              slot={{ gymId: venue.id, passId: pass.id, date, time }}
              people={people}
            />
          </Suspense>
        ) : (
          <Button
            className="w-full"
            size="lg"
            disabled={!date || !time || !slotStillOpen || !price || room < 1}
            onClick={() => {
              if (date && time && price) onConfirm({ date, time, price, quantity: people })
            }}
          >
            {t('confirm')}
          </Button>
        )}
      </div>
    </Dialog>
  )
}
