import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { passwordSchema } from '../../../../shared/accounts.ts'
import { E } from '../../../../shared/errors.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useAuthActions } from '../auth-api.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { PasswordInput } from '../components/password-input.tsx'

/** Where the e-mailed reset link lands (with ?token=): choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('accounts')
  const errorText = useErrorText()
  const actions = useAuthActions()
  const [params] = useSearchParams()
  const token = params.get('token')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [state, setState] = useState<'form' | 'saved' | 'invalid'>(
    token && !params.get('error') ? 'form' : 'invalid',
  )

  async function submit() {
    const parsed = passwordSchema.safeParse(password)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    if (confirm !== password) return setError(E.PASSWORDS_MISMATCH)
    setBusy(true)
    try {
      await actions.resetPassword(token ?? '', password)
      setState('saved')
    } catch {
      setState('invalid')
    } finally {
      setBusy(false)
    }
  }

  if (state !== 'form') {
    return (
      <AuthCard title={t('newPasswordTitle')}>
        <p role={state === 'saved' ? 'status' : 'alert'} className="mt-3 mb-6 text-muted">
          {state === 'saved' ? t('passwordSaved') : t('linkInvalid')}
        </p>
        <Link
          to={state === 'saved' ? '/login' : '/forgot-password'}
          className="font-semibold text-brand-700 hover:underline"
        >
          {state === 'saved' ? t('returnToSignIn') : t('askAgain')}
        </Link>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('newPasswordTitle')}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <Field label={t('newPassword')} hint={t('passwordHint')} error={error && errorText(error)}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('confirmPassword')}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" className="w-full" size="lg" busy={busy}>
          {t('savePassword')}
        </Button>
      </form>
    </AuthCard>
  )
}
