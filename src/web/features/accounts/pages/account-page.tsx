import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { accountsEndpoints } from '../../../../shared/endpoints/accounts.ts'
import { apiPath } from '../../../../shared/endpoints/define.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { callApi } from '../../../lib/call-api.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { sessionQueryKey } from '../api.ts'
import { PasswordInput } from '../components/password-input.tsx'

/** My account (Bahrain PDPL, docs/decisions/017): download one's data, or delete the account. */
export function AccountPage() {
  const { t } = useTranslation('accounts')
  const [confirming, setConfirming] = useState(false)
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="mb-3 text-3xl font-bold text-brand-900">{t('myAccount.title')}</h1>
      <p className="mb-8 text-muted">{t('myAccount.lead')}</p>
      <section aria-labelledby="download-title" className="mb-6 rounded-card bg-white p-6 shadow-card">
        <h2 id="download-title" className="mb-2 text-xl font-bold text-brand-900">
          {t('myAccount.downloadTitle')}
        </h2>
        <p className="mb-4 text-ink">{t('myAccount.downloadBody')}</p>
        {/* A plain link: the browser saves the server's JSON file with the session cookie, no script needed. */}
        <a
          href={apiPath(accountsEndpoints.exportData)}
          download="daypass-my-data.json"
          className={buttonClasses('secondary')}
        >
          {t('myAccount.download')}
        </a>
      </section>
      <section aria-labelledby="delete-title" className="rounded-card bg-white p-6 shadow-card">
        <h2 id="delete-title" className="mb-2 text-xl font-bold text-brand-900">
          {t('myAccount.deleteTitle')}
        </h2>
        <p className="mb-4 text-ink">{t('myAccount.deleteBody')}</p>
        <Button variant="accent" onClick={() => setConfirming(true)}>
          {t('myAccount.delete')}
        </Button>
      </section>
      <DeleteAccountDialog open={confirming} onOpenChange={setConfirming} />
    </div>
  )
}

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('accounts')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const errorText = useErrorText()

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!password) return setError(t('myAccount.passwordRequired'))
    setBusy(true)
    setError(undefined)
    try {
      await callApi(accountsEndpoints.deleteAccount, { body: { password } })
      // Leave first, so the signed-in-only page does not bounce to /login as the session ends.
      await navigate(pagePath('home'))
      queryClient.clear()
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey })
    } catch (caught) {
      setBusy(false)
      // The server's reason when it gave one (the last admin stays), else "could not be deleted".
      setError(
        caught instanceof ApiError && caught.code === 'PASSWORD_INCORRECT'
          ? t('myAccount.passwordIncorrect')
          : (errorText.of(caught, t('myAccount.deleteFailed')) ?? t('myAccount.deleteFailed')),
      )
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next)
        if (!next) {
          setPassword('')
          setError(undefined)
        }
      }}
      title={t('myAccount.confirmTitle')}
      description={t('myAccount.confirmBody')}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
        <Field label={t('password')} error={error} required>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('myAccount.cancel')}
          </Button>
          <Button type="submit" variant="accent" busy={busy}>
            {t('myAccount.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
