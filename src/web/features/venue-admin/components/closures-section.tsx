import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { addDays, formatDisplayDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { hourLabel } from '../../../../shared/catalog.ts'
import {
  type AffectedBooking,
  type DateException,
  type DateExceptionForm,
  type DateExceptionFormOutput,
  dateExceptionFormSchema,
  exceptionHorizonDays,
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
import {
  AffectedBookingsList,
  ConfirmChangeDialog,
  hourRanges,
  hoursBetween,
  Notice,
  ScheduleLoading,
  selectClasses,
} from './schedule-parts.tsx'

const emptyForm: DateExceptionForm = {
  date: '',
  closedAllDay: false,
  closedHours: [],
  capacity: null,
  note: '',
  confirm: false,
}

/**
 * A venue's closures and changed dates, for the venue editor (/admin/venues/:id): the ones coming
 * up, each with the bookings in its closed times, and a form to add one. A change that hits
 * existing bookings is asked about first (how many, which), then saved on confirmation, and the
 * bookings are listed for the desk to contact.
 */
export function ClosuresSection({ venueId }: { venueId: string }) {
  const { t } = useTranslation('venue-schedule')
  const errorText = useErrorText()
  const schedule = useVenueSchedule(venueId)
  const change = useScheduleChange(venueId)
  const [pending, setPending] = useState<{ conflict: BookingsConflict; confirm(): void }>()
  const [affected, setAffected] = useState<AffectedBooking[]>([])
  const [notice, setNotice] = useState<{ text: string | undefined; tone: 'ok' | 'error' }>()
  const lastAction = useRef<HTMLElement | null>(null)

  /** Sends a change; a 409 about bookings asks first, and `retry` sends it again confirmed. */
  const run = async (
    send: (confirm: boolean) => Promise<{ affectedBookings: AffectedBooking[] }>,
    confirm: boolean,
    done: string,
    onFieldErrors?: (fields: Record<string, string>) => void,
  ): Promise<boolean> => {
    setNotice(undefined)
    try {
      const answer = await send(confirm)
      setPending(undefined)
      setAffected(answer.affectedBookings)
      setNotice({ text: done, tone: 'ok' })
      return true
    } catch (error) {
      const conflict = bookingsConflict(error)
      if (conflict && !confirm) {
        setPending({ conflict, confirm: () => void run(send, true, done, onFieldErrors) })
        return false
      }
      setPending(undefined)
      if (
        onFieldErrors &&
        error instanceof ApiError &&
        error.status === 400 &&
        Object.keys(error.fields).length > 0
      ) {
        onFieldErrors(error.fields)
        setNotice({ text: t('fixFields'), tone: 'error' })
      } else setNotice({ text: errorText.of(error, t('saveFailed')), tone: 'error' })
      return false
    }
  }

  const remove = (exception: DateException, button: HTMLElement) => {
    lastAction.current = button
    void run(
      (confirm) => change.mutateAsync({ kind: 'delete', date: exception.date, confirm }),
      false,
      t('closures.removed'),
    )
  }

  return (
    <section
      aria-labelledby="venue-closures-title"
      className="space-y-5 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <div>
        <h2 id="venue-closures-title" className="text-xl font-bold text-brand-900">
          {t('closures.title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('closures.lead')}</p>
      </div>
      {schedule.data ? (
        <div className="space-y-2">
          <h3 className="font-bold text-brand-900">{t('closures.upcoming')}</h3>
          {schedule.data.exceptions.length === 0 ? (
            <p className="text-sm text-muted">{t('closures.empty')}</p>
          ) : (
            <ul className="divide-y divide-brand-900/10">
              {schedule.data.exceptions.map((exception) => (
                <ExceptionItem
                  key={exception.date}
                  exception={exception}
                  onRemove={remove}
                  busy={change.isPending}
                />
              ))}
            </ul>
          )}
        </div>
      ) : (
        <ScheduleLoading query={schedule} />
      )}
      <Notice text={notice?.text} tone={notice?.tone ?? 'ok'} />
      <AffectedBookingsList bookings={affected} />
      <ExceptionForm
        busy={change.isPending && !pending}
        onSave={(values, setFieldError, button) => {
          lastAction.current = button
          const { date, ...body } = values
          return run(
            (confirm) => change.mutateAsync({ kind: 'exception', date, body: { ...body, confirm } }),
            false,
            t('closures.saved'),
            (fields) => {
              for (const [field, code] of Object.entries(fields)) setFieldError(field, code)
            },
          )
        }}
      />
      <ConfirmChangeDialog
        conflict={pending?.conflict}
        busy={change.isPending}
        onConfirm={() => pending?.confirm()}
        onCancel={() => setPending(undefined)}
        returnFocusTo={lastAction}
      />
    </section>
  )
}

function ExceptionItem({
  exception,
  onRemove,
  busy,
}: {
  exception: DateException
  onRemove(exception: DateException, button: HTMLElement): void
  busy: boolean
}) {
  const { t } = useTranslation('venue-schedule')
  const days = t('days', { returnObjects: true }) as string[]
  const weekday = days[new Date(`${exception.date}T00:00:00Z`).getUTCDay()]
  const parts = [
    exception.closedAllDay
      ? t('closures.allDay')
      : exception.closedHours.length > 0
        ? t('closures.closedHours', { hours: hourRanges(exception.closedHours, t('midnight')) })
        : undefined,
    exception.capacity !== null ? t('closures.places', { count: exception.capacity }) : undefined,
  ].filter(Boolean)
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-ink">
            {weekday} <span dir="ltr">{formatDisplayDate(exception.date)}</span>
          </p>
          <p className="text-sm text-ink">{parts.join(' · ')}</p>
          {exception.note && <p className="text-sm text-muted">{exception.note}</p>}
          {exception.affectedBookings.length > 0 && (
            <p className="text-sm font-medium text-accent-600">
              {t('closures.affected', { count: exception.affectedBookings.length })}
            </p>
          )}
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          aria-label={t('closures.removeLabel', { date: formatDisplayDate(exception.date) })}
          onClick={(event) => onRemove(exception, event.currentTarget)}
        >
          {t('closures.remove')}
        </Button>
      </div>
      <AffectedBookingsList bookings={exception.affectedBookings} headingLevel={4} />
    </li>
  )
}

function ExceptionForm({
  busy,
  onSave,
}: {
  busy: boolean
  onSave(
    values: DateExceptionFormOutput,
    setFieldError: (field: string, code: string) => void,
    button: HTMLElement | null,
  ): Promise<boolean>
}) {
  const { t } = useTranslation('venue-schedule')
  const errorText = useErrorText()
  const schema = useMemo(() => dateExceptionFormSchema(), [])
  const saveButton = useRef<HTMLButtonElement>(null)
  const form = useForm<DateExceptionForm, unknown, DateExceptionFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: emptyForm,
  })
  const { errors } = form.formState
  const closedAllDay = useWatch({ control: form.control, name: 'closedAllDay' })
  const closedHours = useWatch({ control: form.control, name: 'closedHours' }) ?? []
  const from = closedHours.length > 0 ? Math.min(...closedHours) : undefined
  const until = closedHours.length > 0 ? Math.max(...closedHours) + 1 : undefined
  const setClosed = (next: number[]) =>
    form.setValue('closedHours', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
  const today = todayInBahrain()

  const submit = form.handleSubmit(async (values) => {
    const saved = await onSave(
      values,
      (field, code) => form.setError(field as 'date', { message: code }),
      saveButton.current,
    )
    if (saved) form.reset(emptyForm)
  })

  return (
    <form
      noValidate
      className="space-y-4 border-t border-brand-900/10 pt-5"
      onSubmit={(event) => void submit(event)}
    >
      <h3 className="font-bold text-brand-900">{t('closures.add')}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('closures.date')} error={errorText(errors.date?.message)} required>
          {(control) => (
            <Input
              {...control}
              type="date"
              min={today}
              max={addDays(today, exceptionHorizonDays)}
              dir="ltr"
              {...form.register('date')}
            />
          )}
        </Field>
        <label className="flex min-h-11 items-center gap-2 self-end text-sm font-semibold">
          <input type="checkbox" className="size-5 accent-brand-800" {...form.register('closedAllDay')} />
          {t('closures.closedAllDay')}
        </label>
        {!closedAllDay && (
          <fieldset className="grid grid-cols-2 gap-2 sm:col-span-2" aria-describedby="closure-hours-hint">
            <legend className="sr-only">{t('closures.closedHoursLegend')}</legend>
            <label className="block text-sm">
              <span className="mb-1 block font-semibold">{t('closures.closedFrom')}</span>
              <select
                className={selectClasses}
                value={from ?? ''}
                aria-invalid={errors.closedHours ? true : undefined}
                onChange={(event) => {
                  if (event.target.value === '') return setClosed([])
                  const opens = Number(event.target.value)
                  setClosed(hoursBetween(opens, Math.max(until ?? 0, opens + 1)))
                }}
              >
                <option value="">{t('closures.notClosing')}</option>
                {hoursBetween(0, 24).map((hour) => (
                  <option key={hour} value={hour}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm">
              <span className="mb-1 block font-semibold">{t('closures.closedUntil')}</span>
              <select
                className={selectClasses}
                value={until ?? ''}
                disabled={from === undefined}
                onChange={(event) => {
                  const closes = Number(event.target.value)
                  setClosed(hoursBetween(Math.min(from ?? closes - 1, closes - 1), closes))
                }}
              >
                {from === undefined && <option value="">—</option>}
                {hoursBetween(1, 25).map((hour) => (
                  <option key={hour} value={hour}>
                    {hour === 24 ? t('midnight') : hourLabel(hour)}
                  </option>
                ))}
              </select>
            </label>
            <p id="closure-hours-hint" className="col-span-2 text-sm text-muted">
              {t('closures.closedHoursHint')}
            </p>
          </fieldset>
        )}
        {errors.closedHours?.message && (
          <p role="alert" className="text-sm font-medium text-accent-600 sm:col-span-2">
            {errorText(errors.closedHours.message)}
          </p>
        )}
        <Field
          label={t('closures.capacity')}
          hint={t('closures.capacityHint')}
          error={errorText(errors.capacity?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              max={500}
              step={1}
              dir="ltr"
              {...form.register('capacity', {
                setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
              })}
            />
          )}
        </Field>
        <Field label={t('closures.note')} error={errorText(errors.note?.message)}>
          {(control) => <Input {...control} maxLength={200} {...form.register('note')} />}
        </Field>
      </div>
      <Button ref={saveButton} type="submit" busy={busy} className="w-full sm:w-auto">
        {t('closures.save')}
      </Button>
    </form>
  )
}
