import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import type { WaitlistEntry } from '../../../../shared/waitlist.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useWaitlistEntry } from '../api.ts'
import { EntryDetails } from '../components/entry-details.tsx'
import { LeaveList } from '../components/leave-list.tsx'
import { OfferPanel } from '../components/offer-panel.tsx'
import { WaitingPanel } from '../components/waiting-panel.tsx'

/**
 * A waiting list request, opened from the signed link in its mails with no account (docs/booking.md,
 * "Waiting list"): what was asked for and where it stands; places held for it are booked from here,
 * and a request still waiting can leave the list.
 */
export function WaitlistPage() {
  const { t } = useTranslation('waitlist')
  const { token = '' } = useParams()
  const entry = useWaitlistEntry(token)
  return (
    <div className="container-page flex justify-center py-10 md:py-16">
      <section className="w-full max-w-xl rounded-card bg-white p-5 shadow-card sm:p-8">
        {entry.isPending ? (
          <>
            <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">{t('page.title')}</h1>
            <p role="status" aria-busy="true" className="mt-4 h-40 animate-pulse rounded-card bg-sand-200/70">
              <span className="sr-only">{t('page.loading')}</span>
            </p>
          </>
        ) : entry.isError ? (
          entry.error instanceof ApiError && entry.error.status === 404 ? (
            <>
              <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">{t('page.notFound')}</h1>
              <p className="mt-3 text-muted">{t('page.notFoundLead')}</p>
            </>
          ) : (
            <>
              <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">{t('page.title')}</h1>
              <div role="alert" className="mt-4 space-y-4">
                <p className="text-ink">{t('page.failed')}</p>
                <Button busy={entry.isFetching} onClick={() => void entry.refetch()}>
                  {t('page.retry')}
                </Button>
              </div>
            </>
          )
        ) : (
          <Request entry={entry.data} />
        )}
      </section>
    </div>
  )
}

function Request({ entry }: { entry: WaitlistEntry }) {
  const { t } = useTranslation('waitlist')
  const localize = useLocalized()
  // The mail's "leave" link: asked here, at the top, while there is still something to leave.
  const [search] = useSearchParams()
  const askLeave = search.get('leave') === '1' && (entry.status === 'waiting' || entry.status === 'offered')
  return (
    <>
      <h1 className="text-2xl font-bold text-brand-900 md:text-3xl">{t('page.title')}</h1>
      {askLeave && (
        <div className="mt-4">
          <LeaveList entry={entry} asked />
        </div>
      )}
      <EntryDetails entry={entry} />
      <div className="mt-6">
        {entry.status === 'offered' ? (
          <OfferPanel entry={entry} />
        ) : entry.status === 'waiting' ? (
          <WaitingPanel entry={entry} />
        ) : (
          <p className="rounded-xl bg-sand-100 px-4 py-3 text-ink">{t(`explain.${entry.status}`)}</p>
        )}
      </div>
      {entry.status !== 'offered' && (
        <Link
          to={pagePath('gym', { id: entry.gymId })}
          className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
        >
          {t('page.seeVenue', { venue: localize(entry.venueName) })}
        </Link>
      )}
    </>
  )
}
