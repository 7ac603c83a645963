import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatDisplayDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import type { ApplicationSummary } from '../../../../shared/vendor-application.ts'
import { ApplicationStatusBadge } from './application-status-badge.tsx'

/** The day in Bahrain an application was sent, whatever the device's time zone. */
export function submittedOn(createdAt: string) {
  return formatDisplayDate(todayInBahrain(new Date(createdAt)))
}

/**
 * One row per application; the venue's name links to its page, where the team decides it. On a
 * phone the less important columns give way, so the table never scrolls sideways.
 */
export function ApplicationTable({ applications }: { applications: ApplicationSummary[] }) {
  const { t, i18n } = useTranslation(['admin', 'vendors'])
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const head = 'px-3 py-3 text-start text-xs font-bold uppercase tracking-wide text-muted'
  const cell = 'px-3 py-3 align-top'
  return (
    <div className="overflow-hidden rounded-card bg-white shadow-card">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('applications.caption')}</caption>
        <thead className="border-b border-brand-900/10 bg-sand-50">
          <tr>
            <th scope="col" className={head}>
              {t('applications.columns.venue')}
            </th>
            <th scope="col" className={`${head} hidden sm:table-cell`}>
              {t('applications.columns.type')}
            </th>
            <th scope="col" className={`${head} hidden md:table-cell`}>
              {t('applications.columns.area')}
            </th>
            <th scope="col" className={`${head} hidden md:table-cell`}>
              {t('applications.columns.contact')}
            </th>
            <th scope="col" className={head}>
              {t('applications.columns.submitted')}
            </th>
            <th scope="col" className={head}>
              {t('applications.columns.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-brand-900/10">
          {applications.map((application) => (
            <tr key={application.id}>
              <th scope="row" className={`${cell} text-start font-normal`}>
                <Link
                  to={pagePath('vendorApplication', { id: String(application.id) })}
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {application.venueName}
                </Link>
              </th>
              <td className={`${cell} hidden sm:table-cell`}>
                {t(`vendors:venueTypes.${application.venueType}`)}
              </td>
              <td className={`${cell} hidden md:table-cell`}>{application.area.name[language]}</td>
              <td className={`${cell} hidden md:table-cell`}>{application.contactName}</td>
              <td className={cell}>
                <span dir="ltr">{submittedOn(application.createdAt)}</span>
              </td>
              <td className={cell}>
                <ApplicationStatusBadge status={application.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
