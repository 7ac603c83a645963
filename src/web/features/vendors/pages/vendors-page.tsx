import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { countryCodes, countryLabels } from '../../../../shared/countries.ts'
import {
  type VendorApplication,
  type VendorApplicationInput,
  vendorApplicationSchema,
  venueTypes,
} from '../../../../shared/vendor-application.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input, phoneInputProps } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useAreaChoices } from '../../areas/api.ts'
import { AreaOptions } from '../../areas/area-options.tsx'
import { submitVendorApplication } from '../api.ts'
import { ApplicationReceived } from '../components/application-received.tsx'
import { AvailabilitySection } from '../components/availability-section.tsx'
import { ChoiceGroup, ChoiceOption } from '../components/choice-group.tsx'
import { DayPassesSection } from '../components/day-passes-section.tsx'
import { FacilitiesSection } from '../components/facilities-section.tsx'
import { FormSection } from '../components/form-section.tsx'
import { emptyApplication } from '../vendor-form.ts'
import { useVendorsText } from '../vendors-text.ts'

type TextField =
  | 'venueNameEn'
  | 'venueNameAr'
  | 'venueEmail'
  | 'contactFirstName'
  | 'contactLastName'
  | 'contactPhone'
  | 'city'

const selectClasses =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink shadow-xs focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-200'

/**
 * The vendor registration form (docs/catalog.md, "Venue applications"). Open to anyone: venue owners apply
 * before they have an account (docs/decisions/002).
 */
export function VendorsPage() {
  const { t, errorText, language } = useVendorsText()
  const [received, setReceived] = useState<{ id: number; venueName: string; email: string }>()
  const [failure, setFailure] = useState<string>()
  const form = useForm<VendorApplicationInput, unknown, VendorApplication>({
    resolver: zodResolver(vendorApplicationSchema),
    mode: 'onTouched',
    defaultValues: emptyApplication,
  })
  const { errors, isSubmitting } = form.formState
  const areas = useAreaChoices()

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined)
    try {
      const { id } = await submitVendorApplication(values)
      const venueName =
        (language === 'ar' ? values.venueNameAr : values.venueNameEn) ||
        values.venueNameEn ||
        values.venueNameAr
      setReceived({ id, venueName, email: values.venueEmail })
    } catch (error) {
      // Everything typed stays in the form; the server's field messages go under their fields.
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) {
        for (const [field, message] of Object.entries(error.fields))
          form.setError(field as keyof VendorApplicationInput, { message })
        setFailure(t('fixFields'))
      } else setFailure(error instanceof ApiError && error.status === 429 ? t('tooMany') : t('failed'))
    }
  })

  if (received) return <ApplicationReceived {...received} />

  const text = (name: TextField, props: Record<string, unknown> = {}, hint?: string, required = true) => (
    <Field label={t(name)} hint={hint} error={errorText(errors[name]?.message)} required={required}>
      {(control) => <Input {...control} {...props} {...form.register(name)} />}
    </Field>
  )
  // Each name in its own language, the form's language first; one of the two is enough.
  const nameAr = text(
    'venueNameAr',
    { autoComplete: 'organization', dir: 'rtl', lang: 'ar' },
    t('venueNameHint'),
    false,
  )
  const nameEn = text(
    'venueNameEn',
    { autoComplete: 'organization', dir: 'ltr', lang: 'en' },
    t('venueNameHint'),
    false,
  )

  return (
    <div className="container-page max-w-3xl py-10 md:py-14">
      <h1 className="text-3xl font-bold text-brand-900 md:text-4xl">{t('title')}</h1>
      <p className="mt-3 text-lg text-muted">{t('lead')}</p>
      <p className="mt-2 text-sm text-muted">{t('requiredNote')}</p>

      <form noValidate className="mt-8 space-y-6" onSubmit={(event) => void submit(event)}>
        <FormSection id="vendor-venue" title={t('sections.venue')}>
          {language === 'ar' ? (
            <>
              {nameAr}
              {nameEn}
            </>
          ) : (
            <>
              {nameEn}
              {nameAr}
            </>
          )}
          {text('venueEmail', { type: 'email', autoComplete: 'email', dir: 'ltr' }, t('venueEmailHint'))}
          <ChoiceGroup
            legend={t('venueType')}
            error={errorText(errors.venueType?.message)}
            required
            className="sm:col-span-2"
          >
            {venueTypes.map((type) => (
              <ChoiceOption
                key={type}
                type="radio"
                value={type}
                required
                invalid={Boolean(errors.venueType)}
                label={t(`venueTypes.${type}`)}
                {...form.register('venueType')}
              />
            ))}
          </ChoiceGroup>
        </FormSection>

        <FormSection id="vendor-contact" title={t('sections.contact')}>
          {text('contactFirstName', { autoComplete: 'given-name' })}
          {text('contactLastName', { autoComplete: 'family-name' })}
          {text('contactPhone', { ...phoneInputProps, autoComplete: 'tel' }, t('contactPhoneHint'))}
        </FormSection>

        <FacilitiesSection form={form} />
        <DayPassesSection form={form} />
        <AvailabilitySection form={form} />

        <FormSection id="vendor-location" title={t('sections.location')}>
          <Field label={t('area')} error={errorText(errors.areaId?.message)} required>
            {(control) => (
              <select
                {...control}
                className={`${selectClasses} ${control['aria-invalid'] ? 'border-accent-500' : 'border-brand-900/20'}`}
                {...form.register('areaId')}
              >
                <AreaOptions
                  areas={areas.data?.areas ?? []}
                  language={language}
                  placeholder={t('chooseArea')}
                />
              </select>
            )}
          </Field>
          {text('city', { autoComplete: 'address-level2' })}
          <Field label={t('country')} error={errorText(errors.country?.message)} required>
            {(control) => (
              <select
                {...control}
                autoComplete="country"
                className={`${selectClasses} ${control['aria-invalid'] ? 'border-accent-500' : 'border-brand-900/20'}`}
                {...form.register('country')}
              >
                {countryCodes.map((code) => (
                  <option key={code} value={code}>
                    {countryLabels[code][language]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </FormSection>

        {failure && (
          <p
            role="alert"
            className="rounded-xl bg-accent-500/10 px-4 py-3 text-sm font-medium text-accent-600"
          >
            {failure}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full sm:w-auto" busy={isSubmitting}>
          {t('submit')}
        </Button>
      </form>
    </div>
  )
}
