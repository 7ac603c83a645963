import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useMemo, useRef } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { addDays, formatDisplayDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { typedNumber } from '../../../../shared/normalise/digits.ts'
import {
  type DateException,
  type DateExceptionForm,
  type DateExceptionFormOutput,
  dateExceptionFormSchema,
  exceptionHorizonDays,
} from '../../../../shared/venue-schedule.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { HourRangeSelects } from './hour-range-selects.tsx'

const emptyForm: DateExceptionForm = {
  date: '',
  closedAllDay: false,
  closedHours: [],
  capacity: null,
  note: '',
  confirm: false,
}

/**
 * Adds or replaces one date's exception: the date, closed all day or from one hour until another,
 * and the places per slot that day. Checked with the shared schema before it is sent; the server's
 * field codes come back through `setFieldError`. Cleared once saved (`saves` goes up).
 */
export function ClosureForm({
  editing,
  busy,
  saves,
  onSave,
  onCancelEdit,
}: {
  /** An existing exception to change: the form starts from it (mount it with its date as key). */
  editing?: DateException
  busy: boolean
  /** How many exceptions were saved: the form clears itself when it goes up. */
  saves: number
  onCancelEdit(): void
  onSave(
    values: DateExceptionFormOutput,
    setFieldError: (field: string, code: string) => void,
    button: HTMLElement | null,
  ): Promise<void>
}) {
  const { t } = useTranslation('venue-schedule')
  const errorText = useErrorText()
  const schema = useMemo(() => dateExceptionFormSchema(), [])
  const saveButton = useRef<HTMLButtonElement>(null)
  const form = useForm<DateExceptionForm, unknown, DateExceptionFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: editing
      ? {
          date: editing.date,
          closedAllDay: editing.closedAllDay,
          closedHours: editing.closedHours,
          capacity: editing.capacity,
          note: editing.note,
          confirm: false,
        }
      : emptyForm,
  })
  // Changing an exception opened from the list: the form is where the manager goes next.
  useEffect(() => {
    if (editing) form.setFocus('date')
  }, [editing, form])
  const { errors } = form.formState
  const closedAllDay = useWatch({ control: form.control, name: 'closedAllDay' })
  const closedHours = useWatch({ control: form.control, name: 'closedHours' }) ?? []
  const from = closedHours.length > 0 ? Math.min(...closedHours) : undefined
  const until = closedHours.length > 0 ? Math.max(...closedHours) + 1 : undefined
  const setClosed = (next: number[]) =>
    form.setValue('closedHours', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
  const today = todayInBahrain()

  const submit = form.handleSubmit(async (values) => {
    await onSave(
      values,
      (field, code) => form.setError(field as 'date', { message: code }),
      saveButton.current,
    )
  })
  const seenSaves = useRef(saves)
  useEffect(() => {
    if (saves === seenSaves.current) return
    seenSaves.current = saves
    form.reset(emptyForm)
  }, [saves, form])

  return (
    <form
      noValidate
      className="space-y-4 border-t border-brand-900/10 pt-5"
      onSubmit={(event) => void submit(event)}
    >
      <h3 className="font-bold text-brand-900">
        {editing ? t('closures.editTitle', { date: formatDisplayDate(editing.date) }) : t('closures.add')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('closures.date')} error={errorText(errors.date?.message)} required>
          {(control) => (
            <Input
              {...control}
              type="date"
              min={today}
              max={addDays(today, exceptionHorizonDays)}
              dir="ltr"
              // A change keeps its date; another date is a new exception.
              readOnly={editing !== undefined}
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
            <HourRangeSelects
              from={from}
              until={until}
              onChange={setClosed}
              fromLabel={t('closures.closedFrom')}
              untilLabel={t('closures.closedUntil')}
              noRange={t('closures.notClosing')}
              invalid={Boolean(errors.closedHours)}
            />
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
              // Text, not type="number": that refuses the Arabic-Indic digits an Arabic keyboard types.
              inputMode="numeric"
              dir="ltr"
              {...form.register('capacity', {
                setValueAs: (value: unknown) => (value === '' || value === null ? null : typedNumber(value)),
              })}
            />
          )}
        </Field>
        <Field label={t('closures.note')} error={errorText(errors.note?.message)}>
          {(control) => <Input {...control} maxLength={200} {...form.register('note')} />}
        </Field>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button ref={saveButton} type="submit" busy={busy} className="w-full sm:w-auto">
          {t('closures.save')}
        </Button>
        {editing && (
          <Button variant="secondary" className="w-full sm:w-auto" onClick={onCancelEdit}>
            {t('closures.cancelEdit')}
          </Button>
        )}
      </div>
    </form>
  )
}
