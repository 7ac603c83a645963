import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button } from '../../../components/ui/button.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useAuthActions } from '../auth-api.ts'

/** "Sign in as Guest": a session of this visitor's own, with no shared account, then the venues. */
export function GuestSignIn() {
  const { t } = useTranslation('accounts')
  const errorText = useErrorText()
  const actions = useAuthActions()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  async function start() {
    setBusy(true)
    setError(undefined)
    try {
      await actions.signInAsGuest()
      await navigate(pagePath('gyms'))
    } catch (failure) {
      if (failure instanceof ApiError && [401, 403].includes(failure.status)) setError(t('guestUnavailable'))
      else if (failure instanceof ApiError) setError(t('guestFailed', { message: errorText.of(failure) }))
      else setError(t('unexpected'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mt-6 border-t border-brand-900/10 pt-6 text-center">
      <Button variant="secondary" busy={busy} onClick={() => void start()}>
        {t('guest')}
      </Button>
      <p className="mt-2 text-xs text-muted">{t('guestHint')}</p>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-accent-600">
          {error}
        </p>
      )}
    </div>
  )
}
