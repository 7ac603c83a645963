import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type IsoDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import type { DateChangeRequest } from '../../../../shared/date-changes.ts'
import type { CancellableBooking } from '../../../../shared/visits.ts'
import { Button, Spinner } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useAvailability } from '../../catalog/api.ts'
import { DateField } from '../../catalog/components/date-field.tsx'
import { TimeSlotGrid } from '../../catalog/components/time-slot-grid.tsx'

interface ChangeDateProps {
  booking: CancellableBooking
  /** The order's other visits still booked: those of the same pass and slot are the party that moves along. */
  siblings: CancellableBooking[]
  onChange(request: DateChangeRequest): Promise<unknown>
}

/** The party of a visit: it and the order's other visits booked for the same pass, date and time. */
function partyOf(booking: CancellableBooking, siblings: CancellableBooking[]) {
  return [
    booking,
    ...siblings.filter(
      (other) =>
        other.id !== booking.id &&
        !other.cancellation.cancelledAt &&
        other.passId === booking.passId &&
        other.date === booking.date &&
        other.time === booking.time,
    ),
  ]
}

/**
 * "Change date": while the visit can still be cancelled free, a dialog with the venue's days and
 * free hours (the booking dialog's date field and slots, the availability API) moves it, or its whole
 * party, at the same venue and pass. Before confirming it says what the new day's price means: money
 * back to the card, the new price due at the venue, or, for a dearer day paid by card, that it
 * cannot be done (cancel and book again). The server checks all of it again.
 */
export function ChangeDate({ booking, siblings, onChange }: ChangeDateProps) {
  const { t } = useTranslation('bookings')
  const money = useMoney()
  const errorText = useErrorText()
  const [open, setOpen] = useState(false)
  const [date, setDate] = useState<IsoDate>()
  const [time, setTime] = useState<string>()
  const [wholeParty, setWholeParty] = useState(true)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const button = useRef<HTMLButtonElement>(null)
  const availability = useAvailability(booking.gymId, open ? date : undefined)
  const { cancellation } = booking
  if (cancellation.cancelledAt || cancellation.refusal !== null) return null

  const party = partyOf(booking, siblings)
  const people = wholeParty ? party.length : 1
  const priced = availability.data?.passes.find((pass) => pass.id === booking.passId)
  const slot = availability.data?.slots.find((entry) => entry.time === time && entry.status === 'open')
  const sameSlot = date === booking.date && time === booking.time
  const difference = priced ? priced.priceFils - booking.priceFils : 0
  const byCard = booking.paymentStatus === 'paid'
  const dearerByCard = Boolean(priced) && difference > 0 && byCard
  const tooFew = slot !== undefined && slot.remaining < people

  function priceText() {
    if (!priced) return null
    if (difference === 0) return t('changeDate.samePrice')
    if (difference < 0)
      return byCard
        ? t('changeDate.refund', { amount: money(-difference * people) })
        : t('changeDate.lowerAtVenue', { price: money(priced.priceFils) })
    return byCard
      ? errorText('CHANGE_PRICE_HIGHER')
      : t('changeDate.higherAtVenue', { price: money(priced.priceFils), amount: money(difference * people) })
  }

  async function confirm() {
    if (!date || !time) return
    setBusy(true)
    setError(undefined)
    try {
      await onChange({ date, time, scope: wholeParty ? 'order' : 'visit' })
      setOpen(false)
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Button ref={button} variant="secondary" size="sm" className="mt-2" onClick={() => setOpen(true)}>
        {t('changeDate.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !busy && setOpen(next)}
        returnFocusTo={button}
        title={t('changeDate.title')}
        description={t('changeDate.description')}
      >
        <div className="space-y-4">
          <DateField
            label={t('changeDate.date')}
            value={date}
            min={todayInBahrain()}
            onChange={(next) => {
              setDate(next)
              setTime(undefined)
            }}
          />
          {date && availability.isPending && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted">
              <Spinner /> {t('changeDate.loading')}
            </p>
          )}
          {availability.isError && (
            <p role="alert" className="text-sm text-accent-600">
              {errorText.of(availability.error)}
            </p>
          )}
          {availability.data && (
            <TimeSlotGrid slots={availability.data.slots} value={time} onChange={setTime} />
          )}
          {party.length > 1 && (
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                checked={wholeParty}
                onChange={(event) => setWholeParty(event.target.checked)}
              />
              {t('changeDate.wholeParty', { count: party.length })}
            </label>
          )}
          {time && priced && (
            <p
              data-testid="price-difference"
              className={`rounded-lg px-3 py-2 font-semibold ${dearerByCard ? 'bg-sand-100 text-accent-600' : 'bg-brand-50 text-brand-900'}`}
            >
              {priceText()}
            </p>
          )}
          {tooFew && slot && (
            <p role="status" className="text-sm font-semibold text-accent-600">
              {errorText(slot.remaining > 0 ? 'PLACES_LEFT' : 'SLOT_FULL', { left: slot.remaining })}
            </p>
          )}
          {error !== undefined && (
            <p role="alert" className="text-sm text-accent-600">
              {errorText.of(error)}
            </p>
          )}
          <Button
            className="w-full"
            disabled={!date || !time || !slot || !priced || sameSlot || dearerByCard || tooFew || busy}
            onClick={confirm}
          >
            {busy ? <Spinner /> : t('changeDate.confirm')}
          </Button>
        </div>
      </Dialog>
    </>
  )
}
