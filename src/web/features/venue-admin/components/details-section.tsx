import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { venueTypes } from '../../../../shared/catalog.ts'
import { facilities, facilityLabels } from '../../../../shared/facilities.ts'
import { typedNumber } from '../../../../shared/normalise/digits.ts'
import {
  type AdminVenue,
  type VenueDetails,
  type VenueDetailsInput,
  venueDetailsSchema,
} from '../../../../shared/venue-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { RichText } from '../../../components/ui/rich-text.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useTeamAreas } from '../../areas/api.ts'
import { AreaOptions } from '../../areas/area-options.tsx'
import { useReloadVenue, useVenueChange } from '../api.ts'
import { EditorSection, Notice, Select, TextArea } from './section.tsx'

type TextField = 'nameEn' | 'nameAr' | 'descriptionEn' | 'descriptionAr' | 'locationEn' | 'locationAr'

function formOf(venue: AdminVenue): VenueDetailsInput {
  return {
    nameEn: venue.nameEn,
    nameAr: venue.nameAr,
    descriptionEn: venue.descriptionEn,
    descriptionAr: venue.descriptionAr,
    areaId: venue.areaId,
    locationEn: venue.locationEn,
    locationAr: venue.locationAr,
    latitude: venue.latitude === null ? '' : String(venue.latitude),
    longitude: venue.longitude === null ? '' : String(venue.longitude),
    rating: venue.rating,
    payAtVenueOnly: venue.payAtVenueOnly,
    cancellationNoticeHours: venue.cancellationNoticeHours,
    commissionPercent: venue.commissionPercent,
    // Another type (a venue made outside the editor) leaves the choice to the team: the form asks.
    venueType: venue.venueType as VenueDetailsInput['venueType'],
    facilities: venue.facilities as VenueDetailsInput['facilities'],
    slug: venue.slug,
    sellsFrom: venue.sellsFrom ?? '',
    sellsUntil: venue.sellsUntil ?? '',
  }
}

/** The venue's own fields, English and Arabic side by side on a wide screen, one after the other on a phone. */
export function DetailsSection({ venue }: { venue: AdminVenue }) {
  const { t, i18n } = useTranslation('venue-admin')
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const errorText = useErrorText()
  const change = useVenueChange(venue.id)
  const reload = useReloadVenue(venue.id)
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string; stale?: boolean }>()
  const form = useForm<VenueDetailsInput, unknown, VenueDetails>({
    resolver: zodResolver(venueDetailsSchema),
    mode: 'onTouched',
    defaultValues: formOf(venue),
  })
  const { errors, isSubmitting } = form.formState
  const areas = useTeamAreas()

  // A newer venue (saved here, reloaded after a conflict) becomes what the form starts from.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the version, not the object
  useEffect(() => form.reset(formOf(venue)), [venue.updatedAt])

  const submit = form.handleSubmit(async (values) => {
    setOutcome(undefined)
    try {
      await change.mutateAsync({ kind: 'details', form: values, updatedAt: venue.updatedAt })
      setOutcome({ tone: 'ok', text: t('editor.saved') })
    } catch (error) {
      // 400: a field's value; 409: the slug taken or fixed — both belong under their fields.
      if (error instanceof ApiError && (error.status === 400 || error.status === 409))
        for (const [field, code] of Object.entries(error.fields))
          form.setError(field as keyof VenueDetailsInput, { message: code })
      setOutcome({
        tone: 'error',
        text: errorText.of(error) ?? '',
        stale: error instanceof ApiError && error.code === 'VENUE_CHANGED_ELSEWHERE',
      })
    }
  })

  const text = (name: TextField, multiline = false) => {
    const arabic = name.endsWith('Ar')
    const props = {
      ...form.register(name),
      ...(arabic ? { dir: 'rtl', lang: 'ar' } : { dir: 'ltr', lang: 'en' }),
    }
    return (
      <Field
        label={t(`details.${name}`)}
        error={errorText(errors[name]?.message)}
        required={name === 'nameEn'}
        hint={multiline ? t('details.descriptionHint') : undefined}
      >
        {(control) => (multiline ? <TextArea {...control} {...props} /> : <Input {...control} {...props} />)}
      </Field>
    )
  }
  const preview = (name: 'descriptionEn' | 'descriptionAr') => {
    const arabic = name === 'descriptionAr'
    return (
      <div dir={arabic ? 'rtl' : 'ltr'} lang={arabic ? 'ar' : 'en'}>
        <p className="text-xs font-semibold text-muted uppercase">{t('details.preview')}</p>
        <RichText
          text={form.watch(name) ?? ''}
          className="mt-1 rounded-xl bg-sand-100 p-3 text-sm text-ink"
        />
      </div>
    )
  }

  return (
    <EditorSection id="venue-details" title={t('details.title')}>
      <form noValidate className="space-y-6" onSubmit={(event) => void submit(event)}>
        <div className="grid gap-6 md:grid-cols-2">
          <fieldset className="min-w-0 space-y-4">
            <legend className="mb-2 text-sm font-bold text-brand-900">{t('details.english')}</legend>
            {text('nameEn')}
            {text('descriptionEn', true)}
            {preview('descriptionEn')}
            {text('locationEn')}
          </fieldset>
          <fieldset className="min-w-0 space-y-4">
            <legend className="mb-2 text-sm font-bold text-brand-900">{t('details.arabic')}</legend>
            {text('nameAr')}
            {text('descriptionAr', true)}
            {preview('descriptionAr')}
            {text('locationAr')}
          </fieldset>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('details.area')} error={errorText(errors.areaId?.message)} required>
            {(control) =>
              // Drawn once the list has come, so the venue's own area is among the options it starts on.
              areas.data ? (
                <Select {...control} {...form.register('areaId')}>
                  <AreaOptions
                    // A deactivated area stays offered to the venue already in it.
                    areas={areas.data.areas.filter((area) => area.active || area.id === venue.areaId)}
                    language={language}
                    placeholder={t('details.chooseArea')}
                  />
                </Select>
              ) : (
                <Select {...control} disabled>
                  <option>{t('details.loadingAreas')}</option>
                </Select>
              )
            }
          </Field>
          <Field label={t('details.venueType')} error={errorText(errors.venueType?.message)}>
            {(control) => (
              <Select {...control} {...form.register('venueType')}>
                {!(venueTypes as readonly string[]).includes(venue.venueType) && (
                  <option value="">{t('details.chooseType')}</option>
                )}
                {venueTypes.map((type) => (
                  <option key={type} value={type}>
                    {t(`details.venueTypes.${type}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('details.latitude')}
            hint={t('details.coordinatesHint')}
            error={errorText(errors.latitude?.message)}
          >
            {(control) => <Input {...control} inputMode="decimal" dir="ltr" {...form.register('latitude')} />}
          </Field>
          <Field label={t('details.longitude')} error={errorText(errors.longitude?.message)}>
            {(control) => (
              <Input {...control} inputMode="decimal" dir="ltr" {...form.register('longitude')} />
            )}
          </Field>
          <Field label={t('details.rating')} error={errorText(errors.rating?.message)}>
            {(control) => (
              <Select
                {...control}
                {...form.register('rating', {
                  setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
                })}
              >
                <option value="">{t('details.notRated')}</option>
                {[1, 2, 3, 4, 5].map((stars) => (
                  <option key={stars} value={stars}>
                    {stars}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label={t('details.cancellationNoticeHours')}
            error={errorText(errors.cancellationNoticeHours?.message)}
          >
            {(control) => (
              <Input
                {...control}
                // Text, not type="number": that refuses the Arabic-Indic digits an Arabic keyboard types.
                inputMode="numeric"
                dir="ltr"
                {...form.register('cancellationNoticeHours', { setValueAs: typedNumber })}
              />
            )}
          </Field>
          <Field
            label={t('details.commissionPercent')}
            hint={t('details.commissionHint')}
            error={errorText(errors.commissionPercent?.message)}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                dir="ltr"
                {...form.register('commissionPercent', { setValueAs: typedNumber })}
              />
            )}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label={t('details.slug')}
            hint={venue.everPublished ? t('details.slugFixed') : t('details.slugHint')}
            error={errorText(errors.slug?.message)}
          >
            {(control) => (
              <Input {...control} dir="ltr" readOnly={venue.everPublished} {...form.register('slug')} />
            )}
          </Field>
          <Field
            label={t('details.sellsFrom')}
            hint={t('details.salesHint')}
            error={errorText(errors.sellsFrom?.message)}
          >
            {(control) => <Input {...control} type="date" dir="ltr" {...form.register('sellsFrom')} />}
          </Field>
          <Field label={t('details.sellsUntil')} error={errorText(errors.sellsUntil?.message)}>
            {(control) => <Input {...control} type="date" dir="ltr" {...form.register('sellsUntil')} />}
          </Field>
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-bold text-brand-900">{t('details.facilities')}</legend>
          {errors.facilities?.message && (
            <p role="alert" className="text-sm font-medium text-accent-600">
              {errorText(errors.facilities.message)}
            </p>
          )}
          <div className="grid gap-2 sm:grid-cols-3">
            {facilities.map((facility) => (
              <label key={facility} className="flex items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  value={facility}
                  className="size-4 accent-brand-800"
                  {...form.register('facilities')}
                />
                {facilityLabels[facility][language]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-3 text-sm font-semibold text-ink">
          <input type="checkbox" className="size-5 accent-brand-800" {...form.register('payAtVenueOnly')} />
          {t('details.payAtVenueOnly')}
        </label>
        {outcome && (
          <Notice tone={outcome.tone}>
            <p>{outcome.text}</p>
            {outcome.stale && (
              <Button variant="secondary" size="sm" className="mt-2" onClick={() => void reload()}>
                {t('details.reload')}
              </Button>
            )}
          </Notice>
        )}
        <Button type="submit" busy={isSubmitting}>
          {t('details.save')}
        </Button>
      </form>
    </EditorSection>
  )
}
