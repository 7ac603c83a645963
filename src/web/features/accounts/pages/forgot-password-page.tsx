import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { emailSchema } from '../../../../shared/accounts.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { SuccessPanel } from '../../../components/ui/success-panel.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useAuthActions } from '../auth-api.ts'
import { AuthCard } from '../components/auth-card.tsx'

export function ForgotPasswordPage() {
  const { t } = useTranslation('accounts')
  const errorText = useErrorText()
  const actions = useAuthActions()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)

  async function submit() {
    const parsed = emailSchema.safeParse(email)
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    setBusy(true)
    // The answer is the same whether or not the address has an account.
    await actions.requestPasswordReset(parsed.data).catch(() => undefined)
    setBusy(false)
    setSent(true)
  }

  if (sent) {
    return (
      <SuccessPanel title={t('checkEmailTitle')}>
        <p role="status" className="mt-3 mb-6 text-muted">
          {t('checkEmailBody', { email: email.trim() })}
        </p>
        <Link to={pagePath('login')} className="font-semibold text-brand-700 hover:underline">
          {t('returnToSignIn')}
        </Link>
      </SuccessPanel>
    )
  }
  return (
    <AuthCard title={t('resetTitle')} lead={t('resetLead')}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <Field label={t('email')} error={error && errorText(error)}>
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
        <Button type="submit" className="w-full" size="lg" busy={busy}>
          {t('sendReset')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={pagePath('login')} className="font-semibold text-brand-700 hover:underline">
          {t('returnToSignIn')}
        </Link>
      </p>
    </AuthCard>
  )
}
