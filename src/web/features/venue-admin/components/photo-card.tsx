import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { venueImageSrcSet } from '../../../../shared/venue-images.ts'
import {
  type VenuePhoto,
  type VenuePhotoAltInput,
  venuePhotoAltSchema,
} from '../../../../shared/venue-photos.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'

interface PhotoCardProps {
  photo: VenuePhoto
  /** 1-based, as the team counts. */
  number: number
  count: number
  /** Another change to the list is under way: the order buttons wait for it. */
  busy: boolean
  onMove(to: number): void
  onDelete(): void
  onSaveAlt(alt: VenuePhotoAltInput): Promise<unknown>
}

/** One photo: its thumbnail, its place in the order, and its descriptions in both languages. */
export function PhotoCard({ photo, number, count, busy, onMove, onDelete, onSaveAlt }: PhotoCardProps) {
  const { t, i18n } = useTranslation('venue-photos')
  const errorText = useErrorText()
  const headingId = useId()
  const form = useForm<VenuePhotoAltInput>({
    resolver: zodResolver(venuePhotoAltSchema),
    values: { altEn: photo.altEn, altAr: photo.altAr },
  })
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState
  const index = number - 1
  const alt = (i18n.language === 'ar' ? photo.altAr : photo.altEn) || t('photo', { number })
  const which = <span className="sr-only">{t('ofPhoto', { number })}</span>

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSaveAlt(values)
    } catch (error) {
      form.setError('root', { message: errorText.of(error, t('actionFailed')) })
      throw error
    }
  })

  return (
    <li
      aria-labelledby={headingId}
      className="overflow-hidden rounded-xl border border-brand-900/10 bg-white"
    >
      <div className="relative">
        <picture>
          <source
            type="image/avif"
            srcSet={venueImageSrcSet(photo.key, 'avif')}
            sizes="(min-width: 768px) 320px, 100vw"
          />
          <img
            src={`/images/venues/${photo.key}-480.webp`}
            srcSet={venueImageSrcSet(photo.key, 'webp')}
            sizes="(min-width: 768px) 320px, 100vw"
            width={480}
            height={320}
            alt={alt}
            loading="lazy"
            decoding="async"
            className="aspect-[3/2] w-full bg-sand-100 object-cover"
          />
        </picture>
        {photo.cover && (
          <span className="absolute start-3 top-3 rounded-full bg-brand-900 px-3 py-1 text-xs font-semibold text-white">
            {t('cover')}
          </span>
        )}
      </div>
      <div className="space-y-4 p-4">
        <h3 id={headingId} className="font-bold text-brand-900">
          {t('photo', { number })}
        </h3>
        <div className="flex flex-wrap gap-2">
          {!photo.cover && (
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => onMove(0)}>
              {t('makeCover')}
              {which}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            disabled={busy || index === 0}
            onClick={() => onMove(index - 1)}
          >
            {t('moveEarlier')}
            {which}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={busy || index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            {t('moveLater')}
            {which}
          </Button>
          <Button size="sm" variant="ghost" disabled={busy} onClick={onDelete}>
            {t('delete')}
            {which}
          </Button>
        </div>
        <form noValidate onSubmit={(event) => void submit(event).catch(() => {})} className="space-y-3">
          <Field label={t('altEn')} hint={t('altHint')} error={errorText(errors.altEn?.message)}>
            {(control) => <Input {...control} dir="ltr" lang="en" {...form.register('altEn')} />}
          </Field>
          <Field label={t('altAr')} error={errorText(errors.altAr?.message)}>
            {(control) => <Input {...control} dir="rtl" lang="ar" {...form.register('altAr')} />}
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" size="sm" busy={isSubmitting}>
              {t('saveAlt')}
              {which}
            </Button>
            <p role="status" className="text-sm text-muted">
              {isSubmitSuccessful && !form.formState.isDirty ? t('saved') : ''}
            </p>
          </div>
          {errors.root?.message && (
            <p role="alert" className="text-sm font-medium text-accent-600">
              {errors.root.message}
            </p>
          )}
        </form>
      </div>
    </li>
  )
}
