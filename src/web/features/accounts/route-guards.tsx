import { useTranslation } from 'react-i18next'
import { type Location, Navigate, Outlet, useLocation } from 'react-router'
import type { Permission } from '../../../shared/permissions.ts'
import { pagePath } from '../../../shared/route-manifest.ts'
import { useSession } from './api.ts'

export function SessionLoading() {
  const { t } = useTranslation()
  return (
    <p role="status" className="container-page py-16 text-center text-muted">
      {t('loading')}
    </p>
  )
}

/** A visitor who signed out here goes home; anyone else signs in first and comes back. */
function LeaveSignedOut({ from, endedHere }: { from: Location; endedHere: boolean }) {
  if (endedHere) return <Navigate to={pagePath('home')} replace />
  return <Navigate to={pagePath('login')} replace state={{ from }} />
}

/** Pages for signed-in visitors: anyone else goes to /login, which sends them back here afterwards. */
export function RequireAuth() {
  const session = useSession()
  const location = useLocation()
  if (session.status === 'loading') return <SessionLoading />
  if (session.status === 'signedOut') return <LeaveSignedOut from={location} endedHere={session.endedHere} />
  return <Outlet />
}

/** Pages that need a permission: signed-out visitors sign in first; signed-in ones without it see /unauthorized. */
export function RequirePermission({ permission }: { permission: Permission }) {
  const session = useSession()
  const location = useLocation()
  if (session.status === 'loading') return <SessionLoading />
  if (session.status === 'signedOut') return <LeaveSignedOut from={location} endedHere={session.endedHere} />
  if (!session.can(permission))
    return <Navigate to={pagePath('unauthorized')} replace state={{ from: location }} />
  return <Outlet />
}
