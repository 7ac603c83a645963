import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { type VenueVat, type VenueVatInput, venueVatSchema } from '../../../../shared/vat.ts'
import type { AdminVenue } from '../../../../shared/venue-admin.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useVenueChange } from '../api.ts'
import { EditorSection, Notice } from './section.tsx'

/**
 * Whether the venue is VAT-registered, its VAT account number and whether its prices include VAT
 * (docs/decisions/050). Its own form and save, like the notices: it leaves the details' version alone.
 */
export function VatSection({ venue }: { venue: AdminVenue }) {
  const { t } = useTranslation('venue-admin')
  const errorText = useErrorText()
  const change = useVenueChange(venue.id)
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string }>()
  const saved: VenueVatInput = venue.vat
  const form = useForm<VenueVatInput, unknown, VenueVat>({
    resolver: zodResolver(venueVatSchema),
    mode: 'onTouched',
    defaultValues: saved,
  })
  const { errors, isSubmitting } = form.formState
  const registered = form.watch('vatRegistered')

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the saved values, not the object
  useEffect(() => form.reset(saved), [saved.vatRegistered, saved.vatNumber, saved.pricesIncludeVat])

  const submit = form.handleSubmit(async (values) => {
    setOutcome(undefined)
    try {
      await change.mutateAsync({ kind: 'vat', form: values })
      setOutcome({ tone: 'ok', text: t('editor.saved') })
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        for (const [field, code] of Object.entries(error.fields))
          form.setError(field as keyof VenueVatInput, { message: code })
      setOutcome({ tone: 'error', text: errorText.of(error) ?? '' })
    }
  })

  return (
    <EditorSection id="venue-vat" title={t('vat.title')}>
      <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
        <p className="text-sm text-muted">{t('vat.intro')}</p>
        <label className="flex items-center gap-3 text-sm font-semibold text-ink">
          <input type="checkbox" className="size-5 accent-brand-800" {...form.register('vatRegistered')} />
          {t('vat.registered')}
        </label>
        {registered && (
          <>
            <Field
              label={t('vat.number')}
              hint={t('vat.numberHint')}
              error={errorText(errors.vatNumber?.message)}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  autoComplete="off"
                  dir="ltr"
                  {...form.register('vatNumber')}
                />
              )}
            </Field>
            <label className="flex items-center gap-3 text-sm font-semibold text-ink">
              <input
                type="checkbox"
                className="size-5 accent-brand-800"
                {...form.register('pricesIncludeVat')}
              />
              {t('vat.pricesIncludeVat')}
            </label>
            <p className="text-sm text-muted">{t('vat.pricesHint')}</p>
          </>
        )}
        {outcome && (
          <Notice tone={outcome.tone}>
            <p>{outcome.text}</p>
          </Notice>
        )}
        <Button type="submit" busy={isSubmitting}>
          {t('vat.save')}
        </Button>
      </form>
    </EditorSection>
  )
}
