import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { emailSchema } from '../../../../shared/accounts.ts'
import type { Language } from '../../../../shared/i18n.ts'
import type { Invitation, InvitationList } from '../../../../shared/invitations.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useInstantText } from '../../../lib/instant-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { LoadState, PageTitle } from '../components/load-state.tsx'
import { useInvitations, useInvite, useResendInvitation, useWithdrawInvitation } from '../invitations-api.ts'

const selectClasses =
  'block w-full rounded-xl border border-brand-900/20 bg-white px-3.5 py-2.5 text-base text-ink'

/**
 * Staff invited by e-mail (docs/operating.md, "Inviting staff"): an admin to any venue, a manager to
 * the venues they run, which the server decides; the page offers the venues it answers with.
 */
export function InvitationsPage() {
  const { t } = useTranslation('team')
  const list = useInvitations()
  return (
    <div className="container-page max-w-3xl py-10">
      <PageTitle title={t('invitations.title')} lead={t('invitations.lead')} />
      <div className="mt-6">
        <LoadState query={list}>
          {(data) => (
            <div className="space-y-8">
              {data.venues.length === 0 ? (
                <p className="rounded-card bg-white p-6 text-ink shadow-card">{t('invitations.noVenues')}</p>
              ) : (
                <InviteForm venues={data.venues} />
              )}
              <InvitationTable invitations={data.invitations} />
            </div>
          )}
        </LoadState>
      </div>
    </div>
  )
}

function InviteForm({ venues }: { venues: InvitationList['venues'] }) {
  const { t, i18n } = useTranslation('team')
  const localized = useLocalized()
  const errorText = useErrorText()
  const invite = useInvite()
  const [email, setEmail] = useState('')
  const [venueId, setVenueId] = useState(venues[0]?.id ?? '')
  const [language, setLanguage] = useState<Language>(i18n.language === 'ar' ? 'ar' : 'en')
  const [emailError, setEmailError] = useState<string>()
  const done = invite.data

  return (
    <form
      noValidate
      className="space-y-4 rounded-card bg-white p-5 shadow-card"
      onSubmit={(event) => {
        event.preventDefault()
        const parsed = emailSchema.safeParse(email)
        if (!parsed.success) return setEmailError(parsed.error.issues[0]?.message)
        setEmailError(undefined)
        invite.mutate(
          { email: parsed.data.toLowerCase(), venueId, language },
          { onSuccess: () => setEmail('') },
        )
      }}
    >
      <h2 className="text-xl font-semibold text-brand-900">{t('invitations.formTitle')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('invitations.email')} error={errorText(emailError)}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('invitations.venue')}>
          {(control) => (
            <select
              {...control}
              value={venueId}
              onChange={(event) => setVenueId(event.target.value)}
              className={selectClasses}
            >
              {venues.map((venue) => (
                <option key={venue.id} value={venue.id}>
                  {localized(venue.name)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-ink">{t('invitations.language')}</legend>
        <div className="mt-2 flex gap-6">
          {(['en', 'ar'] as const).map((choice) => (
            <label key={choice} className="flex items-center gap-2">
              <input
                type="radio"
                name="invitation-language"
                className="size-5"
                checked={language === choice}
                onChange={() => setLanguage(choice)}
              />
              {t(`invitations.languages.${choice}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={invite.isPending}>
          {t('invitations.send')}
        </Button>
        {done && <span role="status">{t('invitations.sent', { email: done.invitation.email })}</span>}
        {invite.isError && (
          <span role="alert" className="text-accent-600">
            {errorText.of(invite.error)}
          </span>
        )}
      </div>
    </form>
  )
}

function InvitationTable({ invitations }: { invitations: Invitation[] }) {
  const { t } = useTranslation('team')
  if (invitations.length === 0)
    return (
      <p className="rounded-card bg-white p-6 text-center text-muted shadow-card">{t('invitations.none')}</p>
    )
  return (
    <section aria-labelledby="invitations-sent">
      <h2 id="invitations-sent" className="mb-3 text-xl font-semibold text-brand-900">
        {t('invitations.sentTitle')}
      </h2>
      <ul className="space-y-3">
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </ul>
    </section>
  )
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation('team')
  const localized = useLocalized()
  const when = useInstantText()
  const errorText = useErrorText()
  const withdraw = useWithdrawInvitation()
  const resend = useResendInvitation()
  const failed = withdraw.error ?? resend.error
  const stateDate =
    invitation.state === 'accepted' && invitation.acceptedAt
      ? when.dateTime(invitation.acceptedAt)
      : invitation.state === 'withdrawn' && invitation.withdrawnAt
        ? when.dateTime(invitation.withdrawnAt)
        : when.dateTime(invitation.expiresAt)
  return (
    <li className="rounded-card bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold break-all text-ink">{invitation.email}</p>
        <span className="rounded-full bg-sand-200 px-2.5 py-0.5 text-sm text-ink">
          {t(`invitations.states.${invitation.state}`)}
        </span>
      </div>
      <p className="mt-1 text-sm text-muted">
        {localized(invitation.venueName)} · {t(`invitations.languages.${invitation.language}`)} ·{' '}
        {t('invitations.sentOn', { date: when.dateTime(invitation.sentAt) })}
      </p>
      <p className="text-sm text-muted">
        {t(`invitations.stateDates.${invitation.state}`, { date: stateDate })}
      </p>
      {invitation.state !== 'accepted' && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            busy={resend.isPending}
            onClick={() => resend.mutate(invitation.id)}
          >
            {t('invitations.resend')}
          </Button>
          {invitation.state === 'pending' && (
            <Button
              variant="ghost"
              size="sm"
              busy={withdraw.isPending}
              onClick={() => withdraw.mutate(invitation.id)}
            >
              {t('invitations.withdraw')}
            </Button>
          )}
          {failed && (
            <span role="alert" className="text-sm text-accent-600">
              {errorText.of(failed)}
            </span>
          )}
        </div>
      )}
    </li>
  )
}
