import { useTranslation } from 'react-i18next'
import type { UserDetail } from '../../../../shared/team.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useDateTime } from './load-state.tsx'

type Values = { role?: string; venue?: string } | null

/** The account's changes, newest first: who made each, when, and from what to what. */
export function UserHistory({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation('team')
  const dateTime = useDateTime()
  const localized = useLocalized()
  const venueName = (id: string | undefined) => {
    const venue = detail.venues.find((candidate) => candidate.id === id)
    return venue ? localized(venue.name) : (id ?? '')
  }
  const roleName = (role: string | undefined) => (role ? t(`roles.${role}`) : '')
  return (
    <section aria-labelledby="user-history" className="mt-4 rounded-card bg-white p-5 shadow-card">
      <h2 id="user-history" className="font-semibold text-ink">
        {t('user.history')}
      </h2>
      {detail.history.length === 0 ? (
        <p className="mt-2 text-muted">{t('user.noHistory')}</p>
      ) : (
        <ol className="mt-2 divide-y divide-brand-900/10">
          {detail.history.map((entry) => {
            const before = entry.before as Values
            const after = entry.after as Values
            return (
              <li key={entry.id} className="py-2">
                <p className="text-ink">
                  {t(`actions.${entry.action}`, {
                    defaultValue: entry.action,
                    before: roleName(before?.role),
                    after: roleName(after?.role),
                    venue: venueName(after?.venue),
                  })}
                </p>
                <p className="text-sm text-muted">
                  {dateTime(entry.at)} · {t('user.by', { email: entry.actorEmail })}
                </p>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
