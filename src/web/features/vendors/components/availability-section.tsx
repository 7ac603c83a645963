import { clsx } from 'clsx'
import { Controller, useWatch } from 'react-hook-form'
import { isIsoDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { hourlyTimes } from '../../../../shared/vendor-application.ts'
import { Field } from '../../../components/ui/field.tsx'
import type { VendorForm } from '../vendor-form.ts'
import { useVendorsText } from '../vendors-text.ts'
import { DateInput } from './date-input.tsx'
import { FormSection } from './form-section.tsx'

const selectClasses =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-xs focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200'

/** From which day to which day the venue takes visitors, and between which hours. */
export function AvailabilitySection({ form }: { form: VendorForm }) {
  const { t, errorText } = useVendorsText()
  const { errors } = form.formState
  const today = todayInBahrain()
  const start = useWatch({ control: form.control, name: 'availableStartDate' })
  // The end calendar starts at the chosen start date, when there is a valid one.
  const endMin = isIsoDate(start) && start > today ? start : today

  const date = (
    name: 'availableStartDate' | 'availableEndDate',
    label: string,
    pickLabel: string,
    min: string,
    required: boolean,
  ) => (
    <Field
      label={label}
      hint={required ? t('dateHint') : t('endDateHint')}
      error={errorText(errors[name]?.message)}
      required={required}
    >
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <DateInput
              {...control}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={min}
              pickLabel={pickLabel}
            />
          )}
        />
      )}
    </Field>
  )

  const hour = (name: 'startTime' | 'endTime', label: string) => (
    <Field label={label} error={errorText(errors[name]?.message)} required>
      {(control) => (
        <select
          {...control}
          className={clsx(
            selectClasses,
            control['aria-invalid'] ? 'border-accent-500' : 'border-brand-900/20',
          )}
          {...form.register(name)}
        >
          <option value="">{t('chooseTime')}</option>
          {hourlyTimes.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </select>
      )}
    </Field>
  )

  return (
    <FormSection id="vendor-availability" title={t('sections.availability')}>
      {date('availableStartDate', t('startDate'), t('pickStartDate'), today, true)}
      {date('availableEndDate', t('endDate'), t('pickEndDate'), endMin, false)}
      {hour('startTime', t('startTime'))}
      {hour('endTime', t('endTime'))}
    </FormSection>
  )
}
