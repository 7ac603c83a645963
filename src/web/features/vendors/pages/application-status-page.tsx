import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import type { ApplicationStatus } from '../../../../shared/application-status.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { useInstantText } from '../../../lib/instant-text.ts'
import { useApplicationStatus } from '../api.ts'

interface Step {
  key: 'received' | 'approved' | 'declined' | 'published'
  /** When it happened; undefined for a step still to come, null when done on a date not kept. */
  at: string | null | undefined
  done: boolean
}

/**
 * The steps to show: received; approved or declined; then published. A declined application ends
 * there; an approved one shows publishing as the step to come until it happens.
 */
export function stepsOf(status: ApplicationStatus): Step[] {
  const steps: Step[] = [{ key: 'received', at: status.receivedAt, done: true }]
  if (status.status === 'declined') return [...steps, { key: 'declined', at: status.decidedAt, done: true }]
  const approved = status.status === 'approved' || status.status === 'published'
  return [
    ...steps,
    { key: 'approved', at: approved ? status.decidedAt : undefined, done: approved },
    {
      key: 'published',
      at: status.status === 'published' ? status.publishedAt : undefined,
      done: status.status === 'published',
    },
  ]
}

/**
 * The applicant's status page (docs/operating.md, "The applicant's status page"), opened from the
 * signed link in the application's mail, with no account: where the application stands, with dates.
 */
export function ApplicationStatusPage() {
  const { t } = useTranslation('vendors')
  const { token = '' } = useParams()
  const status = useApplicationStatus(token)
  return (
    <div className="container-page flex justify-center py-10 md:py-16">
      <section className="w-full max-w-xl rounded-card bg-white p-6 shadow-card md:p-8">
        <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">{t('status.title')}</h1>
        {status.isPending ? (
          <p role="status" aria-busy="true" className="mt-4 h-32 animate-pulse rounded-card bg-sand-200/70">
            <span className="sr-only">{t('status.loading')}</span>
          </p>
        ) : status.isError ? (
          <p role="alert" className="mt-4 text-muted">
            {status.error instanceof ApiError && status.error.status === 404
              ? t('status.gone')
              : t('status.failed')}
          </p>
        ) : (
          <StatusSteps status={status.data} />
        )}
      </section>
    </div>
  )
}

function StatusSteps({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('vendors')
  const when = useInstantText()
  return (
    <>
      <p className="mt-2 text-muted">
        {t('reference')}{' '}
        <span dir="ltr" className="font-semibold text-ink">
          {status.reference}
        </span>
      </p>
      <ol className="mt-6 space-y-5">
        {stepsOf(status).map((step) => (
          <li key={step.key} className="flex gap-3">
            <span
              aria-hidden="true"
              className={clsx(
                'mt-1 size-4 shrink-0 rounded-full border-2',
                !step.done
                  ? 'border-brand-900/25 bg-white'
                  : step.key === 'declined'
                    ? 'border-accent-500 bg-accent-500'
                    : 'border-brand-700 bg-brand-700',
              )}
            />
            <div>
              <p className={clsx('font-semibold', step.done ? 'text-ink' : 'text-muted')}>
                {t(`status.steps.${step.key}`)}
                <span className="sr-only"> {step.done ? t('status.done') : t('status.toCome')}</span>
              </p>
              {step.at && <p className="text-sm text-muted">{when.date(step.at)}</p>}
              <p className="text-sm text-muted">
                {t(`status.explain.${step.done ? step.key : `${step.key}Next`}`)}
              </p>
              {step.key === 'declined' && status.declineReason && (
                <blockquote dir="auto" className="mt-2 rounded-xl bg-sand-100 p-3 text-ink">
                  {status.declineReason}
                </blockquote>
              )}
              {step.key === 'published' && status.venuePath && (
                <Link
                  to={status.venuePath}
                  className="mt-1 inline-block font-semibold text-brand-700 hover:underline"
                >
                  {t('status.seeVenue')}
                </Link>
              )}
            </div>
          </li>
        ))}
      </ol>
      <Link
        to={pagePath('contact')}
        className="mt-8 inline-block font-semibold text-brand-700 hover:underline"
      >
        {t('status.contact')}
      </Link>
    </>
  )
}
