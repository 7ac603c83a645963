import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import { formatBahrainDateTime } from '../../../../shared/cancellation-policy.ts'
import { hideReviewSchema, type TeamReview } from '../../../../shared/reviews.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { StarRating } from '../../catalog/components/star-rating.tsx'
import { useHideReview, useTeamReviews } from '../api.ts'

/** The latest reviews for the team (canManageVenues), each with a Hide that asks for the reason. */
export function TeamReviewsPage() {
  const { t } = useTranslation('reviews')
  const [onlyHidden, setOnlyHidden] = useState(false)
  const reviews = useTeamReviews(onlyHidden)
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('team.title')}</h1>
      <p className="mt-2 mb-4 text-muted">{t('team.lead')}</p>
      <div className="mb-6 flex gap-2">
        <Button
          variant={onlyHidden ? 'ghost' : 'secondary'}
          aria-pressed={!onlyHidden}
          onClick={() => setOnlyHidden(false)}
        >
          {t('team.all')}
        </Button>
        <Button
          variant={onlyHidden ? 'secondary' : 'ghost'}
          aria-pressed={onlyHidden}
          onClick={() => setOnlyHidden(true)}
        >
          {t('team.onlyHidden')}
        </Button>
      </div>
      {reviews.isPending ? (
        <p role="status" aria-busy="true" className="h-24 animate-pulse rounded-card bg-sand-200/70" />
      ) : reviews.isError ? (
        <div role="alert" className="rounded-card bg-white p-6 text-center shadow-card">
          <p className="mb-4 text-ink">{t('team.loadFailed')}</p>
          <Button busy={reviews.isFetching} onClick={() => void reviews.refetch()}>
            {t('team.retry')}
          </Button>
        </div>
      ) : reviews.data.reviews.length === 0 ? (
        <p className="rounded-card bg-white p-8 text-center text-ink shadow-card">{t('team.none')}</p>
      ) : (
        <ul className="space-y-3">
          {reviews.data.reviews.map((review) => (
            <ReviewRow key={review.id} review={review} />
          ))}
        </ul>
      )}
    </div>
  )
}

function ReviewRow({ review }: { review: TeamReview }) {
  const { t, i18n } = useTranslation('reviews')
  const localize = useLocalized()
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const [hiding, setHiding] = useState(false)
  return (
    <li className="rounded-card bg-white p-5 text-sm shadow-card">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <Link to={pagePath('gym', { id: review.gymId })} className="font-bold text-brand-900 hover:underline">
          {localize(review.venueName)}
        </Link>
        <StarRating rating={review.stars} />
      </p>
      <p className="mt-1 text-muted">
        <span dir="ltr">{review.reference}</span>
        {' · '}
        {localize(review.passName)} · {formatDisplayDate(review.visitDate)} ·{' '}
        {t('team.by', { name: review.firstName ?? t('team.noName') })}
      </p>
      <p dir="auto" className="mt-2 whitespace-pre-line text-ink">
        {review.text || t('team.empty')}
      </p>
      {review.hiddenAt ? (
        <p className="mt-2 rounded bg-sand-100 px-2 py-1 text-accent-600">
          {t('team.hiddenOn', {
            time: formatBahrainDateTime(new Date(review.hiddenAt), language),
            reason: review.hiddenReason ?? '',
          })}
        </p>
      ) : hiding ? (
        <HideForm id={review.id} onDone={() => setHiding(false)} />
      ) : (
        <Button variant="secondary" className="mt-3" onClick={() => setHiding(true)}>
          {t('team.hide')}
        </Button>
      )}
    </li>
  )
}

function HideForm({ id, onDone }: { id: number; onDone: () => void }) {
  const { t } = useTranslation('reviews')
  const errorText = useErrorText()
  const hide = useHideReview()
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string>()
  return (
    <form
      noValidate
      className="mt-3 space-y-3"
      onSubmit={(event) => {
        event.preventDefault()
        const checked = hideReviewSchema.safeParse({ reason })
        if (!checked.success) {
          setProblem(errorText(checked.error.issues[0]?.message))
          return
        }
        setProblem(undefined)
        hide.mutate({ id, reason: checked.data.reason }, { onSuccess: onDone })
      }}
    >
      <Field
        label={t('team.reason')}
        error={problem ?? (hide.isError ? errorText.of(hide.error) : undefined)}
      >
        {(control) => (
          <Input
            {...control}
            name="reason"
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" variant="accent" busy={hide.isPending}>
          {t('team.confirmHide')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('team.cancel')}
        </Button>
      </div>
    </form>
  )
}
