import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { type Role, roles } from '../../../../shared/permissions.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import type { UserDetail } from '../../../../shared/team.ts'
import { BackLink } from '../../../components/ui/back-link.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useUser, useUserChange } from '../api.ts'
import { LoadState, PageTitle, useDateTime } from '../components/load-state.tsx'
import { UserHistory } from '../components/user-history.tsx'

/** One account (canManageUsers): its role, whether it may sign in, its desk venues, and its history. */
export function UserPage() {
  const { userId = '' } = useParams()
  const { t } = useTranslation('team')
  const user = useUser(userId)
  return (
    <div className="container-page max-w-3xl py-10">
      <BackLink to={pagePath('adminUsers')}>{t('user.back')}</BackLink>
      <LoadState query={user}>{(detail) => <Account detail={detail} />}</LoadState>
    </div>
  )
}

function Account({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation('team')
  const dateTime = useDateTime()
  const { user } = detail
  const change = useUserChange(user.id)
  const errorText = useErrorText()
  const [role, setRole] = useState<Role>(user.role)
  return (
    <>
      <div className="mt-4">
        <PageTitle title={user.name.trim() || user.email} />
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-card bg-white p-5 shadow-card">
        <dt className="text-muted">{t('users.email')}</dt>
        <dd className="break-all">{user.email}</dd>
        <dt className="text-muted">{t('users.status')}</dt>
        <dd data-testid="user-status">{user.active ? t('users.active') : t('users.inactive')}</dd>
        <dt className="text-muted">{t('users.lastSignIn')}</dt>
        <dd>{user.lastSignInAt ? dateTime(user.lastSignInAt) : t('users.never')}</dd>
        <dt className="text-muted">{t('user.created')}</dt>
        <dd>{dateTime(user.createdAt)}</dd>
        <dt className="text-muted">{t('user.bookings')}</dt>
        <dd>{user.bookings}</dd>
      </dl>
      {change.isError && (
        <p role="alert" className="mt-4 rounded-card border border-accent-500 bg-white p-3 text-accent-600">
          {errorText.of(change.error)}
        </p>
      )}
      <form
        className="mt-4 flex flex-wrap items-end gap-3 rounded-card bg-white p-5 shadow-card"
        onSubmit={(event) => {
          event.preventDefault()
          change.mutate({ role })
        }}
      >
        <div className="flex-1 basis-48">
          <label htmlFor="user-role" className="block text-sm font-semibold text-ink">
            {t('user.changeRole')}
          </label>
          <select
            id="user-role"
            className="mt-1.5 block w-full rounded-xl border border-brand-900/20 bg-white px-3 py-2.5"
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
          >
            {roles.map((option) => (
              <option key={option} value={option}>
                {t(`roles.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" busy={change.isPending} disabled={role === user.role}>
          {t('user.saveRole')}
        </Button>
      </form>
      <section aria-labelledby="user-access" className="mt-4 rounded-card bg-white p-5 shadow-card">
        <h2 id="user-access" className="font-semibold text-ink">
          {t('user.access')}
        </h2>
        <p className="mt-1 mb-3 text-sm text-muted">{t('user.deactivateHint')}</p>
        <Button
          variant={user.active ? 'accent' : 'primary'}
          busy={change.isPending}
          onClick={() => change.mutate({ active: !user.active })}
        >
          {user.active ? t('user.deactivate') : t('user.reactivate')}
        </Button>
      </section>
      <StaffVenues key={user.staffVenueIds.join()} detail={detail} />
      <UserHistory detail={detail} />
    </>
  )
}

/** The desk venues of a staff member, saved through the desk's staff assignment. */
function StaffVenues({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation('team')
  const localized = useLocalized()
  const change = useUserChange(detail.user.id)
  const [picked, setPicked] = useState(() => new Set(detail.user.staffVenueIds))
  return (
    <form
      className="mt-4 rounded-card bg-white p-5 shadow-card"
      onSubmit={(event) => {
        event.preventDefault()
        change.mutate({ venueIds: [...picked] })
      }}
    >
      <fieldset disabled={detail.user.role !== 'staff'}>
        <legend className="font-semibold text-ink">{t('user.venues')}</legend>
        <p className="mt-1 text-sm text-muted">
          {detail.user.role === 'staff' ? t('user.venuesHint') : t('user.notStaff')}
        </p>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {detail.venues.map((venue) => (
            <label key={venue.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                className="size-5"
                checked={picked.has(venue.id)}
                onChange={(event) => {
                  const next = new Set(picked)
                  if (event.target.checked) next.add(venue.id)
                  else next.delete(venue.id)
                  setPicked(next)
                }}
              />
              {localized(venue.name)}
            </label>
          ))}
        </div>
        <div className="mt-4 flex items-center gap-3">
          <Button type="submit" busy={change.isPending}>
            {t('user.saveVenues')}
          </Button>
          {change.isSuccess && <span role="status">{t('saved')}</span>}
        </div>
      </fieldset>
    </form>
  )
}
