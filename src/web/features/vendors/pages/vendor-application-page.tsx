import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { applicationReference } from '../../../../shared/vendor-application.ts'
import { BackLink } from '../../../components/ui/back-link.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useVendorApplication } from '../api.ts'
import { ApplicationDecision } from '../components/application-decision.tsx'
import { ApplicationDetails } from '../components/application-details.tsx'
import { ApplicationStatusBadge } from '../components/application-status-badge.tsx'

/** The number in the address, when it can be an application's. */
function applicationId(param: string | undefined): number | undefined {
  return param && /^[1-9]\d{0,14}$/.test(param) ? Number(param) : undefined
}

/**
 * One venue application: everything the venue sent, and the team's decision on it.
 * The route needs canManageVenues; so do the endpoints it calls.
 */
export function VendorApplicationPage() {
  const { t } = useTranslation(['admin', 'vendors'])
  const errorText = useErrorText()
  const id = applicationId(useParams().id)
  const application = useVendorApplication(id)
  const missing =
    id === undefined || (application.error instanceof ApiError && application.error.status === 404)

  return (
    <div className="container-page max-w-3xl space-y-6 py-8 md:py-10">
      <BackLink to={pagePath('vendorApplications')}>{t('applications.review.back')}</BackLink>
      {missing ? (
        <>
          <h1 className="text-3xl font-bold text-brand-900">{t('applications.review.title')}</h1>
          <p role="alert" className="rounded-card bg-white p-8 text-center text-ink shadow-card">
            {errorText('APPLICATION_NOT_FOUND')}
          </p>
        </>
      ) : application.isPending ? (
        <div aria-busy="true" className="space-y-4">
          <h1 className="text-3xl font-bold text-brand-900">{t('applications.review.title')}</h1>
          <p role="status" className="sr-only">
            {t('applications.details.loading')}
          </p>
          {[1, 2].map((key) => (
            <div key={key} className="h-40 animate-pulse rounded-card bg-sand-200/70" />
          ))}
        </div>
      ) : application.isError ? (
        <>
          <h1 className="text-3xl font-bold text-brand-900">{t('applications.review.title')}</h1>
          <div role="alert" className="rounded-card bg-white p-8 text-center shadow-card">
            <p className="mb-5 text-ink">{t('applications.details.loadFailed')}</p>
            <Button busy={application.isFetching} onClick={() => void application.refetch()}>
              {t('applications.retry')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <header>
            <h1 className="text-3xl font-bold break-words text-brand-900">{application.data.venueName}</h1>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
              <span className="sr-only">{t('applications.review.title')}</span>
              <span dir="ltr">{applicationReference(application.data.id)}</span>
              <ApplicationStatusBadge status={application.data.status} />
            </p>
          </header>
          <ApplicationDecision application={application.data} />
          <section
            aria-labelledby="application-heading"
            className="rounded-card bg-white p-5 shadow-card md:p-6"
          >
            <h2 id="application-heading" className="mb-4 text-lg font-bold text-brand-900">
              {t('applications.review.application')}
            </h2>
            <ApplicationDetails application={application.data} />
          </section>
        </>
      )}
    </div>
  )
}
