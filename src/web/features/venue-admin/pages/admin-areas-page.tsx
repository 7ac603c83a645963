import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sortAreas } from '../../../../shared/area-names.ts'
import type { AdminArea } from '../../../../shared/areas.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { useChangeArea, useTeamAreas } from '../../areas/api.ts'
import { LoadState, PageTitle } from '../../team/components/load-state.tsx'
import { Notice } from '../components/section.tsx'

/**
 * The list of areas (canManageVenues; docs/operating.md, "Areas"): the application form, the venue
 * editor and the /gyms filter choose from it. The team adds an area, renames it in both languages,
 * deactivates it (no longer offered; what stands in it keeps it) and deletes one nothing is in.
 */
export function AdminAreasPage() {
  const { t, i18n } = useTranslation('venue-admin')
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const areas = useTeamAreas()
  return (
    <div className="container-page max-w-3xl py-10">
      <PageTitle title={t('areas.title')} lead={t('areas.lead')} />
      <section aria-labelledby="add-area" className="mt-6 rounded-card bg-white p-5 shadow-card">
        <h2 id="add-area" className="text-xl font-semibold text-ink">
          {t('areas.add')}
        </h2>
        <AreaForm />
      </section>
      <section aria-labelledby="area-list" className="mt-6 rounded-card bg-white p-5 shadow-card">
        <h2 id="area-list" className="mb-2 text-xl font-semibold text-ink">
          {t('areas.list')}
        </h2>
        <LoadState query={areas}>
          {(list) => (
            <ul className="divide-y divide-brand-900/10">
              {sortAreas(list.areas, language).map((area) => (
                <AreaRow key={area.id} area={area} />
              ))}
            </ul>
          )}
        </LoadState>
      </section>
    </div>
  )
}

function AreaRow({ area }: { area: AdminArea }) {
  const { t, i18n } = useTranslation('venue-admin')
  const errorText = useErrorText()
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const change = useChangeArea()
  const [editing, setEditing] = useState(false)
  const name = area.name[language]
  const other = area.name[language === 'ar' ? 'en' : 'ar']
  if (editing) return <AreaForm area={area} onDone={() => setEditing(false)} />
  const unused = area.venues === 0 && area.applications === 0
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <p className="font-semibold text-ink">
            {name}{' '}
            <span className="font-normal text-muted" lang={language === 'ar' ? 'en' : 'ar'}>
              · {other}
            </span>
            {!area.active && (
              <span className="ms-2 rounded-full bg-sand-200 px-2 py-0.5 text-xs font-semibold text-ink">
                {t('areas.inactive')}
              </span>
            )}
          </p>
          <p className="text-sm text-muted">
            {t('areas.uses', { venues: area.venues, applications: area.applications })}
          </p>
        </div>
        <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
          {t('areas.edit')}
          <span className="sr-only"> {name}</span>
        </Button>
        {unused && (
          <Button
            size="sm"
            variant="ghost"
            busy={change.isPending}
            onClick={() => {
              if (window.confirm(t('areas.deleteConfirm', { name })))
                change.mutate({ kind: 'remove', id: area.id })
            }}
          >
            {t('areas.delete')}
            <span className="sr-only"> {name}</span>
          </Button>
        )}
      </div>
      {change.error && <Notice tone="error">{errorText.of(change.error)}</Notice>}
    </li>
  )
}

/** Adds an area, or (with `area`) renames it and sets whether it is offered. */
function AreaForm({ area, onDone }: { area?: AdminArea; onDone?: () => void }) {
  const { t } = useTranslation('venue-admin')
  const errorText = useErrorText()
  const change = useChangeArea()
  const [nameEn, setNameEn] = useState(area?.name.en ?? '')
  const [nameAr, setNameAr] = useState(area?.name.ar ?? '')
  const [active, setActive] = useState(area?.active ?? true)
  const fields = change.error instanceof ApiError ? change.error.fields : {}
  const Wrapper = area ? 'li' : 'div'
  return (
    <Wrapper className="py-3">
      <form
        className="grid gap-3 sm:grid-cols-2"
        // The server's own words for an empty or wrong name, in the page's language, not the browser's.
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const done = () => {
            if (onDone) onDone()
            else {
              setNameEn('')
              setNameAr('')
            }
          }
          change.mutate(
            area
              ? { kind: 'update', id: area.id, body: { nameEn, nameAr, active } }
              : { kind: 'create', body: { nameEn, nameAr } },
            { onSuccess: done },
          )
        }}
      >
        <Field label={t('areas.nameEn')} error={errorText(fields.nameEn)} required>
          {(control) => (
            <Input
              {...control}
              dir="ltr"
              lang="en"
              value={nameEn}
              maxLength={60}
              onChange={(event) => setNameEn(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('areas.nameAr')} error={errorText(fields.nameAr)} required>
          {(control) => (
            <Input
              {...control}
              dir="rtl"
              lang="ar"
              value={nameAr}
              maxLength={60}
              onChange={(event) => setNameAr(event.target.value)}
            />
          )}
        </Field>
        {area && (
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
            {t('areas.active')}
          </label>
        )}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" busy={change.isPending}>
            {area ? t('areas.save') : t('areas.addButton')}
          </Button>
          {onDone && (
            <Button variant="ghost" onClick={onDone}>
              {t('areas.cancel')}
            </Button>
          )}
        </div>
        {change.error && Object.keys(fields).length === 0 && (
          <div className="sm:col-span-2">
            <Notice tone="error">{errorText.of(change.error)}</Notice>
          </div>
        )}
      </form>
    </Wrapper>
  )
}
