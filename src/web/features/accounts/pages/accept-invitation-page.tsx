import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import { E } from '../../../../shared/errors.ts'
import { acceptInvitationSchema } from '../../../../shared/invitations.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useInstantText } from '../../../lib/instant-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useSession } from '../api.ts'
import { AuthCard } from '../components/auth-card.tsx'
import { PasswordInput } from '../components/password-input.tsx'
import { useAcceptInvitation, useAgreeToInvitation, useOpenInvitation } from '../invitation-api.ts'

/** The desk of one venue, where a new member of its staff lands. */
const deskOf = (venueId: string) => `${pagePath('desk')}?venue=${encodeURIComponent(venueId)}`

/**
 * Where an invitation's link lands (docs/decisions/041): the invitee sees the venue and their
 * address, chooses a name and password (or, for an activated account, signs in and agrees), and
 * goes to that venue's desk, signed in.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('accounts')
  const { token = '' } = useParams()
  const invitation = useOpenInvitation(token)
  const localized = useLocalized()
  const when = useInstantText()
  const errorText = useErrorText()

  if (invitation.isPending)
    return (
      <AuthCard title={t('invitation.title')}>
        <p role="status" aria-busy="true" className="mt-4 h-24 animate-pulse rounded-card bg-sand-200/70">
          <span className="sr-only">{t('invitation.loading')}</span>
        </p>
      </AuthCard>
    )
  if (invitation.isError) {
    const gone = invitation.error instanceof ApiError && invitation.error.status === 404
    return (
      <AuthCard title={t('invitation.title')}>
        <p role="alert" className="mt-3 mb-6 text-muted">
          {gone
            ? t('invitation.gone')
            : invitation.error instanceof ApiError
              ? errorText.of(invitation.error)
              : t('unexpected')}
        </p>
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {t('returnToSignIn')}
        </Link>
      </AuthCard>
    )
  }
  const venue = localized(invitation.data.venueName)
  const { hasAccount } = invitation.data
  return (
    <AuthCard
      title={t('invitation.titleAt', { venue })}
      lead={t(hasAccount ? 'invitation.leadForAccount' : 'invitation.lead', {
        venue,
        date: when.dateTime(invitation.data.expiresAt),
      })}
    >
      {hasAccount ? (
        <AgreeToInvitation token={token} email={invitation.data.email} />
      ) : (
        <InvitationForm token={token} email={invitation.data.email} />
      )}
    </AuthCard>
  )
}

/**
 * The address has an activated account: its owner signs in (and comes back here), then agrees. The
 * server checks that the account signed in is the invited address's.
 */
function AgreeToInvitation({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('accounts')
  const errorText = useErrorText()
  const navigate = useNavigate()
  const location = useLocation()
  const session = useSession()
  const agree = useAgreeToInvitation(token)

  if (session.status === 'loading') return null
  if (session.status === 'signedOut')
    return (
      <div className="mt-4 space-y-4">
        <p className="text-ink">{t('invitation.signInToAgree', { email })}</p>
        <Link
          to="/login"
          state={{ from: { pathname: location.pathname, search: location.search } }}
          className="font-semibold text-brand-700 hover:underline"
        >
          {t('signIn')}
        </Link>
      </div>
    )
  return (
    <div className="mt-4 space-y-4">
      <p className="text-ink">{t('invitation.agreeAs', { email: session.user?.email ?? email })}</p>
      {agree.isError && (
        <p role="alert" className="text-sm font-medium text-accent-600">
          {errorText.of(agree.error)}
        </p>
      )}
      <Button
        className="w-full"
        size="lg"
        busy={agree.isPending}
        onClick={() =>
          agree.mutate(undefined, {
            onSuccess: async (answer) => navigate(deskOf(answer.venueId), { replace: true }),
          })
        }
      >
        {t('invitation.agree')}
      </Button>
    </div>
  )
}

function InvitationForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation('accounts')
  const errorText = useErrorText()
  const navigate = useNavigate()
  const accept = useAcceptInvitation(token)
  const [name, setName] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<{ name?: string; password?: string; confirm?: string }>({})

  if (accept.data && !accept.data.signedIn)
    return (
      <div role="status" className="mt-4 space-y-4">
        <p className="text-ink">{t('invitation.existing')}</p>
        <Link
          to="/login"
          state={{ from: { pathname: pagePath('desk'), search: `?venue=${accept.data.venueId}` } }}
          className="font-semibold text-brand-700 hover:underline"
        >
          {t('signIn')}
        </Link>
      </div>
    )

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        event.preventDefault()
        const parsed = acceptInvitationSchema.safeParse({ name, password })
        const found: typeof errors = {}
        if (!parsed.success)
          for (const issue of parsed.error.issues) {
            const field = issue.path[0] as 'name' | 'password'
            found[field] ??= issue.message
          }
        if (confirm !== password) found.confirm = E.PASSWORDS_MISMATCH
        setErrors(found)
        if (!parsed.success || found.confirm) return
        accept.mutate(parsed.data, {
          onSuccess: async (answer) => {
            if (answer.signedIn) await navigate(deskOf(answer.venueId), { replace: true })
          },
        })
      }}
    >
      <Field label={t('email')}>
        {(control) => <Input {...control} type="email" value={email} readOnly disabled />}
      </Field>
      <Field label={t('invitation.name')} error={errorText(errors.name)}>
        {(control) => (
          <Input {...control} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        )}
      </Field>
      <Field label={t('password')} hint={t('passwordHint')} error={errorText(errors.password)}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('confirmPassword')} error={errorText(errors.confirm)}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        )}
      </Field>
      {accept.isError && (
        <p role="alert" className="text-sm font-medium text-accent-600">
          {errorText.of(accept.error)}
        </p>
      )}
      <Button type="submit" className="w-full" size="lg" busy={accept.isPending}>
        {t('invitation.accept')}
      </Button>
    </form>
  )
}
