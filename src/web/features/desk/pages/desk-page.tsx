import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useDeskDay, useDeskVenues } from '../api.ts'
import { DayList } from '../components/day-list.tsx'
import { ScanPanel } from '../components/scan-panel.tsx'
import { SlotWaitlist } from '../components/slot-waitlist.tsx'

/**
 * The bookings desk (docs/desk.md), for canManageBookings: the venue and day (today in Bahrain by
 * default), the check-in, and the day's bookings by slot. Staff see only their venues; the server
 * decides which, on every request. Laid out for a phone held in one hand at the desk.
 */
export function DeskPage() {
  const { t } = useTranslation('desk')
  const localized = useLocalized()
  const venues = useDeskVenues()
  // `?venue=` names the venue to open with (the link an invited member of staff lands on).
  const [params] = useSearchParams()
  const [chosen, setChosen] = useState<string | undefined>(() => params.get('venue') ?? undefined)
  const [date, setDate] = useState(() => todayInBahrain())
  const [search, setSearch] = useState('')
  const mine = venues.data?.venues
  const venueId = (chosen && mine?.some((venue) => venue.id === chosen) ? chosen : undefined) ?? mine?.[0]?.id
  const day = useDeskDay(venueId, date, search.trim())

  return (
    <div className="container-page max-w-3xl space-y-6 py-6">
      <div>
        <h1 className="text-3xl font-bold text-brand-900">{t('title')}</h1>
        <p className="mt-1 text-muted">{t('lead')}</p>
      </div>
      {venues.isPending ? (
        <p role="status" aria-busy="true" className="h-24 animate-pulse rounded-card bg-sand-200/70">
          <span className="sr-only">{t('loading')}</span>
        </p>
      ) : venues.isError ? (
        <div role="alert" className="rounded-card bg-white p-6 text-center shadow-card">
          <p className="mb-4 text-ink">{t('loadFailed')}</p>
          <Button busy={venues.isFetching} onClick={() => void venues.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !venueId ? (
        <p className="rounded-card bg-white p-6 text-center text-ink shadow-card">{t('noVenues')}</p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t('venue')}>
              {(control) => (
                <select
                  {...control}
                  value={venueId}
                  onChange={(event) => setChosen(event.target.value)}
                  className="block w-full rounded-xl border border-brand-900/20 bg-white px-3.5 py-2.5 text-base text-ink"
                >
                  {venues.data.venues.map((venue) => (
                    <option key={venue.id} value={venue.id}>
                      {localized(venue.name)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('date')}>
              {(control) => (
                <div className="flex gap-2">
                  <Input
                    {...control}
                    type="date"
                    value={date}
                    onChange={(event) => event.target.value && setDate(event.target.value)}
                  />
                  <Button variant="secondary" onClick={() => setDate(todayInBahrain())}>
                    {t('today')}
                  </Button>
                </div>
              )}
            </Field>
          </div>
          <ScanPanel key={venueId} venueId={venueId} />
          <section aria-labelledby="day-heading" className="space-y-3">
            <h2 id="day-heading" className="text-xl font-bold text-brand-900">
              {t('day.heading')}
            </h2>
            <Field label={t('day.search')}>
              {(control) => (
                <Input
                  {...control}
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              )}
            </Field>
            {day.isPending ? (
              <p role="status" aria-busy="true" className="h-24 animate-pulse rounded-card bg-sand-200/70">
                <span className="sr-only">{t('loading')}</span>
              </p>
            ) : day.isError ? (
              <div role="alert" className="rounded-card bg-white p-6 text-center shadow-card">
                <p className="mb-4 text-ink">{t('loadFailed')}</p>
                <Button busy={day.isFetching} onClick={() => void day.refetch()}>
                  {t('retry')}
                </Button>
              </div>
            ) : (
              <DayList
                day={day.data}
                searching={Boolean(search.trim())}
                markable={date <= todayInBahrain()}
              />
            )}
          </section>
          <section aria-labelledby="waitlist-heading" className="space-y-3">
            <div>
              <h2 id="waitlist-heading" className="text-xl font-bold text-brand-900">
                {t('waitlist.heading')}
              </h2>
              <p className="text-sm text-muted">{t('waitlist.lead')}</p>
            </div>
            <SlotWaitlist venueId={venueId} date={date} />
          </section>
        </>
      )}
    </div>
  )
}
