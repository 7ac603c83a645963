import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'react-router'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import { type ReviewInvite, reviewSubmissionSchema, reviewTextMaxLength } from '../../../../shared/reviews.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { Field, Textarea } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useReviewInvite, useSubmitReview } from '../api.ts'
import { StarPicker } from '../components/star-picker.tsx'

/**
 * A checked-in visit's review, opened from the signed link of its invitation mail (docs/catalog.md,
 * "Reviews"): 1 to 5 stars and optional text, once; afterwards the review as it was sent.
 */
export function ReviewPage() {
  const { t } = useTranslation('reviews')
  const { token = '' } = useParams()
  const invite = useReviewInvite(token)
  return (
    <div className="container-page flex justify-center py-10 md:py-16">
      <section className="w-full max-w-xl rounded-card bg-white p-5 shadow-card sm:p-8">
        {invite.isPending ? (
          <>
            <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">{t('page.title')}</h1>
            <p role="status" aria-busy="true" className="mt-4 h-40 animate-pulse rounded-card bg-sand-200/70">
              <span className="sr-only">{t('page.loading')}</span>
            </p>
          </>
        ) : invite.isError ? (
          <LinkProblem error={invite.error} retry={() => void invite.refetch()} busy={invite.isFetching} />
        ) : (
          <Review invite={invite.data} />
        )}
      </section>
    </div>
  )
}

function LinkProblem({ error, retry, busy }: { error: unknown; retry: () => void; busy: boolean }) {
  const { t } = useTranslation('reviews')
  const status = error instanceof ApiError ? error.status : 0
  if (status === 404 || status === 410 || status === 400)
    return (
      <>
        <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">
          {t(status === 410 ? 'page.expired' : 'page.notFound')}
        </h1>
        <p className="mt-3 text-muted">{t(status === 410 ? 'page.expiredLead' : 'page.notFoundLead')}</p>
      </>
    )
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">{t('page.title')}</h1>
      <div role="alert" className="mt-4 space-y-4">
        <p className="text-ink">{t('page.failed')}</p>
        <Button busy={busy} onClick={retry}>
          {t('page.retry')}
        </Button>
      </div>
    </>
  )
}

function Review({ invite }: { invite: ReviewInvite }) {
  const { t } = useTranslation('reviews')
  const localize = useLocalized()
  const venue = localize(invite.venueName)
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">
        {invite.review ? t('done.thanks') : t('page.title')}
      </h1>
      <p className="mt-2 text-muted">
        {t('page.visit', {
          pass: localize(invite.passName),
          venue,
          date: formatDisplayDate(invite.visitDate),
        })}
      </p>
      <div className="mt-6">
        {invite.review ? <WrittenReview invite={invite} /> : <ReviewForm invite={invite} />}
      </div>
      <Link
        to={pagePath('gym', { id: invite.gymId })}
        className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
      >
        {t('page.seeVenue', { venue })}
      </Link>
    </>
  )
}

function WrittenReview({ invite }: { invite: ReviewInvite }) {
  const { t } = useTranslation('reviews')
  const review = invite.review
  if (!review) return null
  return (
    <div className="space-y-2 rounded-xl bg-sand-100 px-4 py-3">
      <p className="font-semibold text-ink">
        {t('done.yours')}: {t('form.star', { count: review.stars })}
      </p>
      {review.text && (
        <p dir="auto" className="whitespace-pre-line text-ink">
          {review.text}
        </p>
      )}
      {review.hidden && <p className="text-sm text-accent-600">{t('done.hidden')}</p>}
    </div>
  )
}

function ReviewForm({ invite }: { invite: ReviewInvite }) {
  const { t } = useTranslation('reviews')
  const errorText = useErrorText()
  const location = useLocation()
  const submit = useSubmitReview(invite.token)
  const [stars, setStars] = useState(0)
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<{ stars?: string; text?: string }>({})
  const serverFields = submit.error instanceof ApiError ? submit.error.fields : {}
  const signInNeeded =
    submit.error instanceof ApiError &&
    (submit.error.status === 401 || submit.error.code === 'SIGN_IN_REQUIRED')

  const send = (event: React.FormEvent) => {
    event.preventDefault()
    // The schema the server checks with, read here first, so each field says what is wrong with it.
    const checked = reviewSubmissionSchema.safeParse({ stars, text })
    if (!checked.success) {
      const fields: { stars?: string; text?: string } = {}
      for (const issue of checked.error.issues) {
        const key = issue.path[0]
        if (key === 'stars' || key === 'text') fields[key] ??= errorText(issue.message)
      }
      setProblem(fields)
      return
    }
    setProblem({})
    submit.mutate(checked.data)
  }

  return (
    <form noValidate onSubmit={send} className="space-y-5">
      {invite.forAccount && <p className="rounded-xl bg-sand-100 px-4 py-3 text-ink">{t('page.signIn')}</p>}
      <StarPicker
        value={stars}
        onChange={(chosen) => {
          setStars(chosen)
          // A choice answers the "choose the stars" message at once.
          setProblem(({ text }) => (text ? { text } : {}))
        }}
        error={problem.stars ?? errorText(serverFields.stars)}
      />
      <Field
        label={t('form.text')}
        hint={`${t('form.textHint')} ${t('form.left', { count: Math.max(0, reviewTextMaxLength - text.length) })}`}
        error={problem.text ?? errorText(serverFields.text)}
      >
        {(control) => (
          <Textarea
            {...control}
            name="text"
            rows={5}
            maxLength={reviewTextMaxLength}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      {submit.isError && !serverFields.stars && !serverFields.text && (
        <p role="alert" className="text-sm font-medium text-accent-600">
          {errorText.of(submit.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={submit.isPending}>
          {t('form.send')}
        </Button>
        {(invite.forAccount || signInNeeded) && (
          <Link to={pagePath('login')} state={{ from: location }} className={buttonClasses('secondary')}>
            {t('page.signInButton')}
          </Link>
        )}
      </div>
    </form>
  )
}
