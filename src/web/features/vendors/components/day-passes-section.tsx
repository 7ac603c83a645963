import { useId } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { type DayPassOption, dayPassOptions, otherPassTypes } from '../../../../shared/vendor-application.ts'
import { Field, Input } from '../../../components/ui/field.tsx'
import type { VendorForm } from '../vendor-form.ts'
import { useVendorsText } from '../vendors-text.ts'
import { FormSection } from './form-section.tsx'
import { PriceInput } from './price-input.tsx'

const selectClasses =
  'block w-full rounded-xl border border-brand-900/20 bg-white px-3.5 py-2.5 text-base text-ink shadow-xs focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200'

/** A pass to tick, with its price beside it: usable only while ticked, emptied when unticked. */
function DayPassRow({ form, option }: { form: VendorForm; option: DayPassOption }) {
  const { t, errorText } = useVendorsText()
  const id = useId()
  const selected = useWatch({ control: form.control, name: `dayPasses.${option}.selected` })
  const errors = form.formState.errors.dayPasses?.[option]
  const error = errorText(errors?.price?.message) ?? errorText(errors?.weekendPrice?.message)
  const name = t(`passes.${option}`)
  const checkbox = form.register(`dayPasses.${option}.selected`, {
    onChange: (event: { target: { checked: boolean } }) => {
      // Unselecting a day pass clears its prices (docs/product.md, "States").
      if (!event.target.checked)
        for (const field of ['price', 'weekendPrice'] as const)
          form.setValue(`dayPasses.${option}.${field}`, '', { shouldValidate: form.formState.isSubmitted })
    },
  })

  return (
    <div className="grid grid-cols-[1fr_7rem_7rem] items-start gap-x-3 gap-y-1 border-b border-brand-900/10 py-3 last:border-b-0 sm:col-span-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-ink">
        <input type="checkbox" className="size-4 shrink-0 accent-brand-700" {...checkbox} />
        {name}
      </label>
      <div>
        <label htmlFor={`${id}-price`} className="sr-only">
          {t('priceOf', { pass: name })}
        </label>
        <Controller
          control={form.control}
          name={`dayPasses.${option}.price`}
          render={({ field }) => (
            <PriceInput
              id={`${id}-price`}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={!selected}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          )}
        />
      </div>
      <div>
        <label htmlFor={`${id}-weekend`} className="sr-only">
          {t('weekendPriceOf', { pass: name })}
        </label>
        <Controller
          control={form.control}
          name={`dayPasses.${option}.weekendPrice`}
          render={({ field }) => (
            <PriceInput
              id={`${id}-weekend`}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={!selected}
            />
          )}
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="col-span-3 text-sm font-medium text-accent-600">
          {error}
        </p>
      )}
    </div>
  )
}

/** The form's passes, each with a price in BD and an optional weekend price, and one the venue names itself. */
export function DayPassesSection({ form }: { form: VendorForm }) {
  const { t, errorText } = useVendorsText()
  const errors = form.formState.errors.otherPass
  return (
    <FormSection id="vendor-passes" title={t('sections.passes')} hint={t('passesHint')}>
      <div className="sm:col-span-2">
        <p
          aria-hidden="true"
          className="grid grid-cols-[1fr_7rem_7rem] gap-x-3 text-xs font-semibold text-muted"
        >
          <span />
          <span>{t('weekdayPrice')}</span>
          <span>{t('weekendPrice')}</span>
        </p>
        {dayPassOptions.map((option) => (
          <DayPassRow key={option} form={form} option={option} />
        ))}
      </div>
      <Field label={t('otherPassName')} hint={t('otherPassHint')} error={errorText(errors?.name?.message)}>
        {(control) => <Input {...control} {...form.register('otherPass.name')} />}
      </Field>
      <Field label={t('otherPassPrice')} error={errorText(errors?.price?.message)}>
        {(control) => (
          <Controller
            control={form.control}
            name="otherPass.price"
            render={({ field }) => (
              <PriceInput
                {...control}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
      </Field>
      <Field label={t('otherPassType')} error={errorText(errors?.type?.message)}>
        {(control) => (
          <select {...control} className={selectClasses} {...form.register('otherPass.type')}>
            <option value="">{t('choosePassType')}</option>
            {otherPassTypes.map((type) => (
              <option key={type} value={type}>
                {t(`passTypes.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('otherPassWeekendPrice')} error={errorText(errors?.weekendPrice?.message)}>
        {(control) => (
          <Controller
            control={form.control}
            name="otherPass.weekendPrice"
            render={({ field }) => (
              <PriceInput
                {...control}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
      </Field>
    </FormSection>
  )
}
