import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useTeamPages } from '../../../app/team-nav.tsx'
import { useMoney } from '../../../lib/use-money.ts'
import { useDashboard } from '../api.ts'
import { LoadState, PageTitle } from '../components/load-state.tsx'

/** The team's home (canViewDashboard): today in Bahrain in figures, and every team page the viewer may use. */
export function TeamHomePage() {
  const { t } = useTranslation('team')
  const money = useMoney()
  const dashboard = useDashboard()
  const pages = useTeamPages().filter((page) => page.key !== 'teamHome')
  return (
    <div className="container-page max-w-5xl py-10">
      <PageTitle title={t('home.title')} />
      <section aria-labelledby="team-today" className="mt-6">
        <LoadState query={dashboard}>
          {(today) => (
            <>
              <h2 id="team-today" className="mb-3 text-lg font-semibold text-ink">
                {t('home.today', { date: today.date })}
              </h2>
              <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
                {(
                  [
                    ['bookings', String(today.bookings)],
                    ['expected', String(today.expected)],
                    ['checkedIn', String(today.checkedIn)],
                    ['paidOnline', money(today.paidOnlineFils)],
                    ['dueAtVenue', money(today.dueAtVenueFils)],
                    ['applications', String(today.applicationsWaiting)],
                  ] as const
                ).map(([key, value]) => (
                  <div key={key} className="rounded-card bg-white p-4 shadow-card">
                    <dt className="text-sm text-muted">{t(`home.${key}`)}</dt>
                    <dd className="mt-1 text-2xl font-bold text-brand-900" data-testid={`figure-${key}`}>
                      {value}
                    </dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </LoadState>
      </section>
      <section aria-labelledby="team-pages" className="mt-8">
        <h2 id="team-pages" className="mb-3 text-lg font-semibold text-ink">
          {t('home.pages')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 md:grid-cols-3">
          {pages.map((page) => (
            <li key={page.key}>
              <Link
                to={page.path}
                className="block rounded-card bg-white p-4 font-semibold text-brand-800 shadow-card hover:bg-brand-50"
              >
                {t(page.label)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
