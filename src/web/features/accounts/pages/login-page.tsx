import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, type Location, useLocation, useNavigate, useSearchParams } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import type { Session } from '../../../../shared/session.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { sessionQueryKey } from '../api.ts'
import { useAuthActions } from '../auth-api.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { PasswordInput } from '../components/password-input.tsx'

export function LoginPage() {
  const { t } = useTranslation('accounts')
  const errorText = useErrorText()
  const actions = useAuthActions()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const location = useLocation()
  const [params] = useSearchParams()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [notActivated, setNotActivated] = useState(false)
  const [resent, setResent] = useState(false)
  const [busy, setBusy] = useState(false)
  const from = (location.state as { from?: Location } | null)?.from
  const target = from ? `${from.pathname}${from.search}` : '/'

  async function submit() {
    setError(undefined)
    setNotActivated(false)
    if (!email.trim() || !password) return setError(t('bothRequired'))
    setBusy(true)
    try {
      await actions.signIn(email.trim(), password)
      // Staff come to work at the desk: that is where they land unless they were sent elsewhere.
      const session = queryClient.getQueryData<Session>(sessionQueryKey)
      const landing = !from && session?.user?.role === 'staff' ? pagePath('desk') : target
      await navigate(landing, { replace: true })
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'EMAIL_NOT_VERIFIED') setNotActivated(true)
      else if (failure instanceof ApiError && failure.code === 'CROSS_ORIGIN') setError(t('crossOrigin'))
      else if (failure instanceof ApiError && failure.status === 429) setError(errorText.of(failure))
      else setError(errorText.of(failure, t('invalidLogin')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthCard title={t('loginTitle')} lead={t('loginLead')}>
      {params.get('activated') && (
        <p role="status" className="mb-4 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800">
          {t('activated')}
        </p>
      )}
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <Field label={t('email')}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              dir="ltr"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('password')}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        {error && (
          <p role="alert" className="text-sm font-medium text-accent-600">
            {error}
          </p>
        )}
        {notActivated && (
          <div role="alert" className="space-y-2 rounded-lg bg-sand-100 px-4 py-3 text-sm text-ink">
            <p>{t('notActivated')}</p>
            {resent ? (
              <p className="font-semibold text-brand-800">{t('resent')}</p>
            ) : (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void actions.resendActivation(email.trim()).then(() => setResent(true))}
              >
                {t('resend')}
              </Button>
            )}
          </div>
        )}
        <Button type="submit" className="w-full" size="lg" busy={busy}>
          {t('signIn')}
        </Button>
      </form>
      <div className="mt-6 flex flex-col items-center gap-2 text-sm">
        <Link to={pagePath('forgotPassword')} className="font-semibold text-brand-700 hover:underline">
          {t('forgot')}
        </Link>
        <p className="text-muted">
          {t('noAccount')}{' '}
          <Link to={pagePath('register')} className="font-semibold text-brand-700 hover:underline">
            {t('signUp')}
          </Link>
        </p>
      </div>
    </AuthCard>
  )
}
