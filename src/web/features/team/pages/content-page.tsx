import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Announcement } from '../../../../shared/team.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useAnnouncement } from '../api.ts'
import { LoadState, PageTitle } from '../components/load-state.tsx'

/** Content (canEditContent): the home page's announcement banner, in English and Arabic. */
export function ContentPage() {
  const { t } = useTranslation('team')
  const { query } = useAnnouncement()
  return (
    <div className="container-page max-w-3xl py-10">
      <PageTitle title={t('content.title')} />
      <section aria-labelledby="announcement" className="mt-6 rounded-card bg-white p-5 shadow-card">
        <h2 id="announcement" className="text-xl font-semibold text-ink">
          {t('content.announcement')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">{t('content.lead')}</p>
        <LoadState query={query}>{(saved) => <AnnouncementForm saved={saved} />}</LoadState>
      </section>
    </div>
  )
}

const none: Announcement = { en: '', ar: '', endsOn: null }

function AnnouncementForm({ saved }: { saved: Announcement }) {
  const { t } = useTranslation('team')
  const errorText = useErrorText()
  const { save } = useAnnouncement()
  const [value, setValue] = useState(saved)
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(value)
      }}
    >
      <Field label={t('content.textEn')}>
        {(control) => (
          <Input
            {...control}
            dir="ltr"
            lang="en"
            maxLength={280}
            value={value.en}
            onChange={(event) => setValue({ ...value, en: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('content.textAr')}>
        {(control) => (
          <Input
            {...control}
            dir="rtl"
            lang="ar"
            maxLength={280}
            value={value.ar}
            onChange={(event) => setValue({ ...value, ar: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('content.endsOn')} hint={t('content.endsOnHint')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={value.endsOn ?? ''}
            onChange={(event) => setValue({ ...value, endsOn: event.target.value || null })}
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" busy={save.isPending}>
          {t('save')}
        </Button>
        <Button variant="ghost" onClick={() => save.mutate(none, { onSuccess: () => setValue(none) })}>
          {t('content.clear')}
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
