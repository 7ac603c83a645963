import { type RefObject, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type IsoDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import type { Pass, Venue } from '../../../../shared/catalog-api.ts'
import { Button, Spinner } from '../../../components/ui/button.tsx'
import { CancellationNote } from '../../../components/ui/cancellation-note.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useMoney } from '../../../lib/use-money.ts'
import { useAvailability } from '../api.ts'
import { DateField } from './date-field.tsx'
import { TimeSlotGrid } from './time-slot-grid.tsx'

export interface BookingChoice {
  date: IsoDate
  time: string
  /** The pass's price on that date, formatted, e.g. "BD 16.000". */
  price: string
}

interface BookingDialogProps {
  venue: Venue
  pass: Pass
  open: boolean
  onOpenChange(open: boolean): void
  onConfirm(choice: BookingChoice): void
  /** The Add to Cart button, which gets the focus back when the dialog closes. */
  returnFocusTo?: RefObject<HTMLElement | null>
}

/** "Book Your Session": a date (today in Bahrain or later), one of the hourly slots, and the price that day. */
export function BookingDialog({
  venue,
  pass,
  open,
  onOpenChange,
  onConfirm,
  returnFocusTo,
}: BookingDialogProps) {
  const { t } = useTranslation('catalog')
  const money = useMoney()
  const errorText = useErrorText()
  const localize = useLocalized()
  const [date, setDate] = useState<IsoDate>()
  const [time, setTime] = useState<string>()
  const availability = useAvailability(venue.id, date)
  const price = availability.data?.passes.find((entry) => entry.id === pass.id)?.price
  const slotStillOpen = availability.data?.slots.some((slot) => slot.time === time && slot.status === 'open')

  function changeDate(next: IsoDate | undefined) {
    setDate(next)
    setTime(undefined)
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
        <DateField label={t('date')} value={date} min={todayInBahrain()} onChange={changeDate} />
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
              <TimeSlotGrid slots={availability.data.slots} value={time} onChange={setTime} />
            )}
            {price && (
              <p className="flex items-baseline justify-between border-t border-brand-900/10 pt-3 text-sm">
                <span className="text-muted">{t('priceOnDate')}</span>
                <span className="text-lg font-bold text-brand-800" dir="auto">
                  {money(price)}
                </span>
              </p>
            )}
            {time && slotStillOpen && (
              <CancellationNote
                visit={{ date: date ?? '', time }}
                noticeHours={venue.cancellationNoticeHours}
              />
            )}
          </>
        )}
        <Button
          className="w-full"
          size="lg"
          disabled={!date || !time || !slotStillOpen || !price}
          onClick={() => {
            if (date && time && price) onConfirm({ date, time, price })
          }}
        >
          {t('confirm')}
        </Button>
      </div>
    </Dialog>
  )
}
