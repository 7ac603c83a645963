import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, useState } from 'react'
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { typedNumber } from '../../../../shared/normalise/digits.ts'
import {
  type AffectedBooking,
  type VenueSchedule,
  type WeeklyHoursForm,
  type WeeklyHoursInput,
  weeklyHoursFormSchema,
} from '../../../../shared/venue-schedule.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import {
  type BookingsConflict,
  bookingsConflict,
  useScheduleChange,
  useVenueSchedule,
} from '../schedule-api.ts'
import { HourRangeSelects } from './hour-range-selects.tsx'
import {
  AffectedBookingsList,
  ConfirmChangeDialog,
  hourRanges,
  hoursBetween,
  isOneRange,
  Notice,
  ScheduleLoading,
} from './schedule-parts.tsx'

type HoursForm = UseFormReturn<WeeklyHoursForm, unknown, WeeklyHoursInput>

/**
 * A venue's weekly hours and places per slot, for the venue editor (/admin/venues/:id). Each day,
 * Sunday first as Bahrain's week, is a "closed" switch and an opens/closes pair of selects: a
 * phone's native pickers and the keyboard both work, where 168 checkboxes would not. A day with
 * broken hours (set elsewhere) is shown as they are until its times are chosen here.
 */
export function HoursSection({ venueId }: { venueId: string }) {
  const { t } = useTranslation('venue-schedule')
  const schedule = useVenueSchedule(venueId)
  return (
    <section
      aria-labelledby="venue-hours-title"
      className="space-y-4 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <div>
        <h2 id="venue-hours-title" className="text-xl font-bold text-brand-900">
          {t('hours.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('hours.lead')}</p>
      </div>
      {schedule.data ? (
        <HoursForm venueId={venueId} schedule={schedule.data} />
      ) : (
        <ScheduleLoading query={schedule} />
      )}
    </section>
  )
}

function HoursForm({ venueId, schedule }: { venueId: string; schedule: VenueSchedule }) {
  const { t } = useTranslation('venue-schedule')
  const errorText = useErrorText()
  const change = useScheduleChange(venueId)
  const saveButton = useRef<HTMLButtonElement>(null)
  const [pending, setPending] = useState<{ conflict: BookingsConflict; values: WeeklyHoursInput }>()
  const [affected, setAffected] = useState<AffectedBooking[]>([])
  const [notice, setNotice] = useState<{ text: string | undefined; tone: 'ok' | 'error' }>()
  const form: HoursForm = useForm<WeeklyHoursForm, unknown, WeeklyHoursInput>({
    resolver: zodResolver(weeklyHoursFormSchema),
    defaultValues: {
      weeklyHours: schedule.weeklyHours,
      capacityPerSlot: schedule.capacityPerSlot,
      confirm: false,
    },
  })
  const { errors } = form.formState

  const save = async (values: WeeklyHoursInput) => {
    setNotice(undefined)
    try {
      const answer = await change.mutateAsync({ kind: 'hours', body: values })
      setPending(undefined)
      setAffected(answer.affectedBookings)
      form.reset({
        weeklyHours: answer.schedule.weeklyHours,
        capacityPerSlot: answer.schedule.capacityPerSlot,
        confirm: false,
      })
      setNotice({ text: t('hours.saved'), tone: 'ok' })
    } catch (error) {
      const conflict = bookingsConflict(error)
      if (conflict && !values.confirm) return setPending({ conflict, values })
      setPending(undefined)
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields))
          form.setError(field as 'capacityPerSlot', { message })
        return setNotice({ text: t('fixFields'), tone: 'error' })
      }
      setNotice({ text: errorText.of(error, t('saveFailed')), tone: 'error' })
    }
  }
  const submit = form.handleSubmit((values) => save({ ...values, confirm: false }))

  return (
    <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
      <div className="grid gap-3 lg:grid-cols-2">
        {[0, 1, 2, 3, 4, 5, 6].map((day) => (
          <DayHours key={day} day={day} form={form} />
        ))}
      </div>
      {errors.weeklyHours?.message && <Notice text={errorText(errors.weeklyHours.message)} tone="error" />}
      <Field
        label={t('hours.capacity')}
        hint={t('hours.capacityHint')}
        error={errorText(errors.capacityPerSlot?.message)}
        required
        className="max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            // Text, not type="number": that refuses the Arabic-Indic digits an Arabic keyboard types.
            inputMode="numeric"
            dir="ltr"
            {...form.register('capacityPerSlot', { setValueAs: typedNumber })}
          />
        )}
      </Field>
      <Notice text={notice?.text} tone={notice?.tone ?? 'ok'} />
      <AffectedBookingsList bookings={affected} />
      <Button ref={saveButton} type="submit" busy={change.isPending && !pending} className="w-full sm:w-auto">
        {t('hours.save')}
      </Button>
      <ConfirmChangeDialog
        conflict={pending?.conflict}
        busy={change.isPending}
        onConfirm={() => pending && void save({ ...pending.values, confirm: true })}
        onCancel={() => setPending(undefined)}
        returnFocusTo={saveButton}
      />
    </form>
  )
}

/** One day: closed, or open from one hour until another (the last slot starts an hour before). */
function DayHours({ day, form }: { day: number; form: HoursForm }) {
  const { t } = useTranslation('venue-schedule')
  const errorText = useErrorText()
  const hours = (useWatch({ control: form.control, name: `weeklyHours.${day}` }) ?? []) as number[]
  const closed = hours.length === 0
  const from = closed ? 8 : Math.min(...hours)
  const to = closed ? 20 : Math.max(...hours) + 1
  // Reopening a day brings back the times it had before it was closed.
  const lastOpen = useRef<[number, number]>([from, to])
  if (!closed) lastOpen.current = [from, to]
  const set = (next: number[]) =>
    form.setValue(`weeklyHours.${day}`, next, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    })
  const dayName = (t('days', { returnObjects: true }) as string[])[day] ?? String(day)
  const dayErrors = form.formState.errors.weeklyHours?.[day]
  const error =
    dayErrors?.message ?? (Array.isArray(dayErrors) ? dayErrors.find(Boolean)?.message : undefined)
  const id = `venue-hours-${day}`
  return (
    <fieldset
      className="rounded-xl border border-brand-900/10 p-3"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="px-1 font-semibold text-ink">{dayName}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-brand-800"
            checked={closed}
            onChange={(event) => set(event.target.checked ? [] : hoursBetween(...lastOpen.current))}
          />
          {t('hours.closed')}
        </label>
        {closed ? (
          <p className="min-h-11 content-center text-sm text-muted">{t('hours.closedDay')}</p>
        ) : (
          <div className="grid flex-1 grid-cols-2 gap-2">
            <HourRangeSelects
              from={from}
              until={to}
              onChange={set}
              fromLabel={t('hours.opens')}
              untilLabel={t('hours.closes')}
            />
          </div>
        )}
      </div>
      {!closed && !isOneRange(hours) && (
        <p className="mt-2 text-sm text-muted">
          {t('hours.splitHours', { hours: hourRanges(hours, t('midnight')) })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-medium text-accent-600">
          {errorText(error)}
        </p>
      )}
    </fieldset>
  )
}
