import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { AdminVenue } from '../../../../shared/venue-admin.ts'
import {
  bookingNoticeModes,
  noticeLanguages,
  type VenueNotices,
  type VenueNoticesInput,
  venueNoticesSchema,
} from '../../../../shared/venue-notices.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useVenueChange } from '../api.ts'
import { EditorSection, Notice, Select } from './section.tsx'

/**
 * Where, how and in which language the venue hears of its bookings (docs/decisions/042). Its own
 * form and save: it does not touch the details' version, so saving it never makes the details stale.
 */
export function NoticesSection({ venue }: { venue: AdminVenue }) {
  const { t } = useTranslation('venue-admin')
  const errorText = useErrorText()
  const change = useVenueChange(venue.id)
  const [outcome, setOutcome] = useState<{ tone: 'ok' | 'error'; text: string }>()
  const saved: VenueNoticesInput = venue.notices
  const form = useForm<VenueNoticesInput, unknown, VenueNotices>({
    resolver: zodResolver(venueNoticesSchema),
    mode: 'onTouched',
    defaultValues: saved,
  })
  const { errors, isSubmitting } = form.formState

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the saved values, not the object
  useEffect(() => form.reset(saved), [saved.bookingsEmail, saved.mode, saved.language])

  const submit = form.handleSubmit(async (values) => {
    setOutcome(undefined)
    try {
      await change.mutateAsync({ kind: 'notices', form: values })
      setOutcome({ tone: 'ok', text: t('editor.saved') })
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        for (const [field, code] of Object.entries(error.fields))
          form.setError(field as keyof VenueNoticesInput, { message: code })
      setOutcome({ tone: 'error', text: errorText.of(error) ?? '' })
    }
  })

  return (
    <EditorSection id="venue-notices" title={t('notices.title')}>
      <form noValidate className="space-y-4" onSubmit={(event) => void submit(event)}>
        <p className="text-sm text-muted">{t('notices.intro')}</p>
        <Field
          label={t('notices.bookingsEmail')}
          hint={t('notices.bookingsEmailHint')}
          error={errorText(errors.bookingsEmail?.message)}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              dir="ltr"
              {...form.register('bookingsEmail')}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('notices.mode')} error={errorText(errors.mode?.message)}>
            {(control) => (
              <Select {...control} {...form.register('mode')}>
                {bookingNoticeModes.map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`notices.modes.${mode}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('notices.language')} error={errorText(errors.language?.message)}>
            {(control) => (
              <Select {...control} {...form.register('language')}>
                {noticeLanguages.map((language) => (
                  <option key={language} value={language}>
                    {t(`notices.languages.${language}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        {outcome && (
          <Notice tone={outcome.tone}>
            <p>{outcome.text}</p>
          </Notice>
        )}
        <Button type="submit" busy={isSubmitting}>
          {t('notices.save')}
        </Button>
      </form>
    </EditorSection>
  )
}
