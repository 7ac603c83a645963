import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { useVendorApplications } from '../api.ts'
import { ApplicationTable } from '../components/application-table.tsx'

/** The team's list of venue applications (docs/decisions/002); the route needs canManageVenues. */
export function VendorApplicationsPage() {
  const { t } = useTranslation(['admin', 'vendors'])
  const applications = useVendorApplications()

  return (
    <div className="container-page max-w-5xl py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('applications.title')}</h1>
      <p className="mt-2 mb-6 text-muted">{t('applications.lead')}</p>
      {applications.isPending ? (
        <div aria-busy="true" className="space-y-3">
          <p role="status" className="sr-only">
            {t('applications.loading')}
          </p>
          {[1, 2, 3].map((key) => (
            <div key={key} className="h-12 animate-pulse rounded-xl bg-sand-200/70" />
          ))}
        </div>
      ) : applications.isError ? (
        <div role="alert" className="rounded-card bg-white p-8 text-center shadow-card">
          <p className="mb-5 text-ink">{t('applications.loadFailed')}</p>
          <Button busy={applications.isFetching} onClick={() => void applications.refetch()}>
            {t('applications.retry')}
          </Button>
        </div>
      ) : applications.data.applications.length === 0 ? (
        <p className="rounded-card bg-white p-10 text-center text-lg text-ink shadow-card">
          {t('applications.empty')}
        </p>
      ) : (
        <ApplicationTable applications={applications.data.applications} />
      )}
    </div>
  )
}
