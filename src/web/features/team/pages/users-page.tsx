import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import type { TeamUser } from '../../../../shared/team.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Input } from '../../../components/ui/field.tsx'
import { useUsers } from '../api.ts'
import { LoadState, PageTitle, useDateTime } from '../components/load-state.tsx'

/** Accounts by e-mail or name, 20 a page (canManageUsers); each opens on its own page. */
export function UsersPage() {
  const { t } = useTranslation('team')
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const page = Math.max(1, Number(params.get('page')) || 1)
  const [typed, setTyped] = useState(search)
  const users = useUsers(search, page)
  const go = (next: { search?: string; page?: number }) => {
    const values = { search: next.search ?? search, page: String(next.page ?? 1) }
    setParams(values.search ? values : { page: values.page })
  }
  return (
    <div className="container-page max-w-4xl py-10">
      <PageTitle title={t('users.title')} lead={t('users.lead')} />
      <form
        className="my-6 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          go({ search: typed.trim() })
        }}
      >
        <label htmlFor="user-search" className="sr-only">
          {t('users.search')}
        </label>
        <Input
          id="user-search"
          type="search"
          value={typed}
          maxLength={200}
          placeholder={t('users.search')}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit">{t('users.searchButton')}</Button>
      </form>
      <LoadState query={users}>
        {(list) => {
          const pages = Math.max(1, Math.ceil(list.total / list.pageSize))
          return list.users.length === 0 ? (
            <p className="rounded-card bg-white p-8 text-center text-ink shadow-card">{t('users.none')}</p>
          ) : (
            <>
              <p className="mb-2 text-sm text-muted" aria-live="polite">
                {t('users.count', { count: list.total })}
              </p>
              <ul className="divide-y divide-brand-900/10 rounded-card bg-white shadow-card">
                {list.users.map((user) => (
                  <UserRow key={user.id} user={user} />
                ))}
              </ul>
              {pages > 1 && (
                <nav aria-label={t('users.page', { page, pages })} className="mt-4 flex items-center gap-3">
                  <Button variant="secondary" disabled={page <= 1} onClick={() => go({ page: page - 1 })}>
                    {t('users.previous')}
                  </Button>
                  <span>{t('users.page', { page, pages })}</span>
                  <Button variant="secondary" disabled={page >= pages} onClick={() => go({ page: page + 1 })}>
                    {t('users.next')}
                  </Button>
                </nav>
              )}
            </>
          )
        }}
      </LoadState>
    </div>
  )
}

function UserRow({ user }: { user: TeamUser }) {
  const { t } = useTranslation('team')
  const dateTime = useDateTime()
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4">
      <div className="min-w-0 flex-1 basis-60">
        <Link
          to={pagePath('adminUser', { userId: user.id })}
          className="font-semibold break-all text-brand-800 underline-offset-2 hover:underline"
        >
          {user.email}
        </Link>
        <p className="text-sm text-muted">{user.name}</p>
      </div>
      <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-900">
        {t(`roles.${user.role}`)}
      </span>
      <span className={user.active ? 'text-sm text-ink' : 'text-sm font-semibold text-accent-600'}>
        {user.active ? t('users.active') : t('users.inactive')}
      </span>
      <span className="text-sm text-muted">
        {t('users.lastSignIn')}: {user.lastSignInAt ? dateTime(user.lastSignInAt) : t('users.never')}
      </span>
    </li>
  )
}
