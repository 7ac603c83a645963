import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { BackLink } from '../../../components/ui/back-link.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Input } from '../../../components/ui/field.tsx'
import { useVenues } from '../api.ts'
import { VenueCard } from '../components/venue-card.tsx'

export function VenuesPage() {
  const { t } = useTranslation('catalog')
  const [params, setParams] = useSearchParams()
  const search = params.get('search')?.trim() ?? ''
  const [text, setText] = useState(search)
  const [shownSearch, setShownSearch] = useState(search)
  const venues = useVenues(search)

  // Back and forward change the URL; keep the box showing what the list is for.
  if (search !== shownSearch) {
    setShownSearch(search)
    setText(search)
  }

  function applySearch(value: string) {
    const trimmed = value.trim()
    setParams(trimmed ? { search: trimmed } : {})
  }

  return (
    <div className="container-page py-8">
      <BackLink to={pagePath('home')}>{t('back')}</BackLink>
      <div className="mt-4 mb-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold text-brand-900 md:text-4xl">{t('gymsHeading')}</h1>
          <p className="mt-2 max-w-xl text-muted">{t('gymsLead')}</p>
        </div>
        <search className="w-full md:max-w-md">
          {/* A plain GET form too, so a search typed before the app has started still works. */}
          <form
            action={pagePath('gyms')}
            method="get"
            className="flex w-full gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              applySearch(text)
            }}
          >
            <label htmlFor="gym-search" className="sr-only">
              {t('searchLabel')}
            </label>
            <Input
              id="gym-search"
              name="search"
              type="search"
              value={text}
              placeholder={t('searchPlaceholder')}
              onChange={(event) => setText(event.target.value)}
              maxLength={200}
            />
            <Button type="submit">{t('search')}</Button>
          </form>
        </search>
      </div>

      {venues.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <p role="status" className="sr-only">
            {t('loadingGyms')}
          </p>
          {[1, 2, 3, 4, 5, 6].map((key) => (
            <div key={key} className="animate-pulse overflow-hidden rounded-card bg-white shadow-card">
              <div className="aspect-[3/2] bg-sand-200" />
              <div className="space-y-3 p-5">
                <div className="h-5 w-2/3 rounded bg-sand-200" />
                <div className="h-3 w-full rounded bg-sand-100" />
                <div className="h-3 w-5/6 rounded bg-sand-100" />
                <div className="h-10 w-full rounded-xl bg-sand-100" />
              </div>
            </div>
          ))}
        </div>
      ) : venues.isError ? (
        <div role="alert" className="rounded-card bg-white p-8 text-center shadow-card">
          <p className="mb-4 text-ink">{t('loadFailed')}</p>
          <Button onClick={() => void venues.refetch()}>{t('retry')}</Button>
        </div>
      ) : venues.data.gyms.length === 0 ? (
        <div className="rounded-card bg-white p-10 text-center shadow-card">
          <p className="mb-4 text-lg text-ink">{t('noResults')}</p>
          <Button variant="secondary" onClick={() => applySearch('')}>
            {t('clearSearch')}
          </Button>
        </div>
      ) : (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {venues.data.gyms.map((venue, index) => (
            <VenueCard key={venue.id} venue={venue} priority={index === 0} />
          ))}
        </div>
      )}
    </div>
  )
}
