import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { StaffList } from '../../../../shared/desk.ts'
import { Button } from '../../../components/ui/button.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useSetStaffVenues, useStaffList } from '../api.ts'

/** Which venues each staff member acts for at the desk; the route needs canManageUsers. */
export function StaffPage() {
  const { t } = useTranslation('desk')
  const list = useStaffList()
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold text-brand-900">{t('staff.title')}</h1>
      <p className="mt-2 mb-6 text-muted">{t('staff.lead')}</p>
      {list.isPending ? (
        <p role="status" aria-busy="true" className="h-24 animate-pulse rounded-card bg-sand-200/70">
          <span className="sr-only">{t('loading')}</span>
        </p>
      ) : list.isError ? (
        <div role="alert" className="rounded-card bg-white p-6 text-center shadow-card">
          <p className="mb-4 text-ink">{t('staff.loadFailed')}</p>
          <Button busy={list.isFetching} onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : list.data.staff.length === 0 ? (
        <p className="rounded-card bg-white p-8 text-center text-ink shadow-card">{t('staff.none')}</p>
      ) : (
        <div className="space-y-4">
          {list.data.staff.map((member) => (
            <StaffVenues key={member.id} member={member} venues={list.data.venues} />
          ))}
        </div>
      )}
    </div>
  )
}

function StaffVenues({
  member,
  venues,
}: {
  member: StaffList['staff'][number]
  venues: StaffList['venues']
}) {
  const { t } = useTranslation('desk')
  const localized = useLocalized()
  const errorText = useErrorText()
  const save = useSetStaffVenues()
  const [picked, setPicked] = useState(() => new Set(member.venueIds))
  const name = member.name.trim() || member.email
  return (
    <form
      className="rounded-card bg-white p-5 shadow-card"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate({ userId: member.id, venueIds: [...picked] })
      }}
    >
      <fieldset>
        <legend className="font-semibold text-ink">
          {t('staff.venuesOf', { name })} <span className="font-normal text-muted">({member.email})</span>
          {member.role === 'manager' && (
            <span className="ms-2 rounded-full bg-sand-200 px-2 py-0.5 text-sm font-normal text-ink">
              {t('staff.manager')}
            </span>
          )}
        </legend>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {venues.map((venue) => (
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
      </fieldset>
      <div className="mt-4 flex items-center gap-3">
        <Button type="submit" busy={save.isPending}>
          {t('staff.save')}
        </Button>
        {save.isSuccess && <span role="status">{t('staff.saved')}</span>}
        {save.isError && (
          <span role="alert" className="text-accent-600">
            {errorText.of(save.error)}
          </span>
        )}
      </div>
    </form>
  )
}
