import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../../shared/normalise/phone.ts'
import type { ContactSettings } from '../../../../shared/team.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input, phoneInputProps } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useContactSettings } from '../api.ts'
import { LoadState } from './load-state.tsx'

/** The team's address and support line, which every mail's footer shows. */
export function ContactForm() {
  const { t } = useTranslation('team')
  const { query } = useContactSettings()
  return (
    <section aria-labelledby="contact" className="mt-6 rounded-card bg-white p-5 shadow-card">
      <h2 id="contact" className="text-xl font-semibold text-ink">
        {t('settings.contact')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">{t('settings.contactLead')}</p>
      <LoadState query={query}>{(saved) => <ContactFields saved={saved} />}</LoadState>
    </section>
  )
}

function ContactFields({ saved }: { saved: ContactSettings }) {
  const { t } = useTranslation('team')
  const errorText = useErrorText()
  const { save } = useContactSettings()
  // The stored number (E.164) shown as people read it; the server normalises whatever is typed.
  const [value, setValue] = useState({ ...saved, phone: formatPhone(saved.phone) })
  const fields = save.error instanceof ApiError ? save.error.fields : {}
  return (
    <form
      className="grid gap-3 sm:grid-cols-2"
      // The server's own words for a missing or wrong address, in the page's language.
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(value)
      }}
    >
      <Field label={t('settings.email')} error={errorText(fields.email)} required>
        {(control) => (
          <Input
            {...control}
            type="email"
            dir="ltr"
            value={value.email}
            onChange={(event) => setValue({ ...value, email: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('settings.phone')} hint={t('settings.phoneHint')} error={errorText(fields.phone)}>
        {(control) => (
          <Input
            {...control}
            {...phoneInputProps}
            value={value.phone}
            onChange={(event) => setValue({ ...value, phone: event.target.value })}
          />
        )}
      </Field>
      <div className="flex items-center gap-3 sm:col-span-2">
        <Button type="submit" busy={save.isPending}>
          {t('save')}
        </Button>
        {save.isSuccess && <span role="status">{t('saved')}</span>}
        {save.isError && (
          <span role="alert" className="text-accent-600">
            {errorText.of(save.error)}
          </span>
        )}
      </div>
    </form>
  )
}
