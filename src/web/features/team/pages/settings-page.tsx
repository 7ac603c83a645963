import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { todayInBahrain } from '../../../../shared/bahrain-time.ts'
import type { Holiday } from '../../../../shared/team.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useHolidayChange, useHolidays } from '../api.ts'
import { ContactForm } from '../components/contact-form.tsx'
import { LoadState, PageTitle } from '../components/load-state.tsx'

/** Settings (canAccessSettings): the public holidays by year, and the team's contact details in mails. */
export function SettingsPage() {
  const { t } = useTranslation('team')
  const thisYear = Number(todayInBahrain().slice(0, 4))
  const [year, setYear] = useState(thisYear)
  const holidays = useHolidays(year)
  return (
    <div className="container-page max-w-3xl py-10">
      <PageTitle title={t('settings.title')} />
      <section aria-labelledby="holidays" className="mt-6 rounded-card bg-white p-5 shadow-card">
        <h2 id="holidays" className="text-xl font-semibold text-ink">
          {t('settings.holidays')}
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted">{t('settings.holidaysLead')}</p>
        <label htmlFor="holiday-year" className="me-2 font-semibold">
          {t('settings.year')}
        </label>
        <select
          id="holiday-year"
          className="rounded-xl border border-brand-900/20 bg-white px-3 py-2"
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
        >
          {[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <div className="mt-4">
          <LoadState query={holidays}>
            {(list) => (
              <>
                {list.holidays.length === 0 ? (
                  <p className="text-muted">{t('settings.none')}</p>
                ) : (
                  <ul className="divide-y divide-brand-900/10">
                    {list.holidays.map((holiday) => (
                      <HolidayRow key={holiday.date} holiday={holiday} />
                    ))}
                  </ul>
                )}
                <HolidayForm key={year} initial={{ date: `${year}-01-01`, name: { en: '', ar: '' } }} />
              </>
            )}
          </LoadState>
        </div>
      </section>
      <ContactForm />
    </div>
  )
}

function HolidayRow({ holiday }: { holiday: Holiday }) {
  const { t } = useTranslation('team')
  const localized = useLocalized()
  const remove = useHolidayChange()
  const [editing, setEditing] = useState(false)
  if (editing) return <HolidayForm initial={holiday} onDone={() => setEditing(false)} />
  const name = localized(holiday.name)
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <span className="font-semibold tabular-nums">{holiday.date}</span>
      <span className="min-w-0 flex-1 basis-40">{name}</span>
      <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
        {t('settings.edit')}
        <span className="sr-only"> {name}</span>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        busy={remove.isPending}
        onClick={() => {
          if (window.confirm(t('settings.deleteConfirm', { name })))
            remove.mutate({ kind: 'delete', date: holiday.date })
        }}
      >
        {t('settings.delete')}
        <span className="sr-only"> {name}</span>
      </Button>
    </li>
  )
}

/** Adds a holiday, or edits one (`onDone` given): its date and its names in both languages. */
function HolidayForm({ initial, onDone }: { initial: Holiday; onDone?: () => void }) {
  const { t } = useTranslation('team')
  const errorText = useErrorText()
  const save = useHolidayChange()
  const [holiday, setHoliday] = useState(initial)
  const body = (
    <form
      className="mt-4 grid gap-3 rounded-card border border-brand-900/10 p-4 sm:grid-cols-3"
      onSubmit={(event) => {
        event.preventDefault()
        const change = onDone
          ? ({ kind: 'edit', date: initial.date, holiday } as const)
          : ({ kind: 'add', holiday } as const)
        save.mutate(change, {
          onSuccess: () => (onDone ? onDone() : setHoliday({ ...initial, name: { en: '', ar: '' } })),
        })
      }}
    >
      <Field label={t('settings.date')}>
        {(control) => (
          <Input
            {...control}
            type="date"
            value={holiday.date}
            onChange={(event) => setHoliday({ ...holiday, date: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('settings.nameEn')}>
        {(control) => (
          <Input
            {...control}
            dir="ltr"
            lang="en"
            value={holiday.name.en}
            maxLength={100}
            onChange={(event) =>
              setHoliday({ ...holiday, name: { ...holiday.name, en: event.target.value } })
            }
          />
        )}
      </Field>
      <Field label={t('settings.nameAr')}>
        {(control) => (
          <Input
            {...control}
            dir="rtl"
            lang="ar"
            value={holiday.name.ar}
            maxLength={100}
            onChange={(event) =>
              setHoliday({ ...holiday, name: { ...holiday.name, ar: event.target.value } })
            }
          />
        )}
      </Field>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-3">
        <Button type="submit" busy={save.isPending}>
          {onDone ? t('save') : t('settings.add')}
        </Button>
        {onDone && (
          <Button variant="ghost" onClick={onDone}>
            {t('settings.cancel')}
          </Button>
        )}
        {save.isError && (
          <span role="alert" className="text-accent-600">
            {errorText.of(save.error)}
          </span>
        )}
      </div>
    </form>
  )
  return onDone ? <li className="py-2">{body}</li> : body
}
