import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { splitBookings } from '../../../../shared/bookings.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import type { CancellableBooking as Booking } from '../../../../shared/visits.ts'
import { Button, ButtonLink } from '../../../components/ui/button.tsx'
import { useMyBookings } from '../api.ts'
import { BookingListSkeleton } from '../components/booking-list-skeleton.tsx'
import { BookingSection } from '../components/booking-section.tsx'

export function MyBookingsPage() {
  const { t } = useTranslation('bookings')
  const bookings = useMyBookings()

  return (
    <div className="container-page max-w-4xl py-10">
      <h1 className="mb-6 text-3xl font-bold text-brand-900">{t('title')}</h1>
      {bookings.isPending ? (
        <BookingListSkeleton />
      ) : bookings.isError ? (
        // The spec shows an empty list here; we say the list failed instead (docs/decisions/010).
        <div role="alert" className="rounded-card bg-white p-8 text-center shadow-card">
          <p className="mb-5 text-ink">{t('loadFailed')}</p>
          <Button busy={bookings.isFetching} onClick={() => void bookings.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : bookings.data.bookings.length === 0 ? (
        <div className="rounded-card bg-white p-10 text-center shadow-card">
          <p className="mb-5 text-lg text-ink">{t('empty')}</p>
          <ButtonLink to={pagePath('gyms')}>{t('browse')}</ButtonLink>
        </div>
      ) : (
        <BookingLists {...splitBookings(bookings.data.bookings, bookings.data.today)} />
      )}
    </div>
  )
}

function BookingLists({ upcoming, past }: { upcoming: Booking[]; past: Booking[] }) {
  const { t } = useTranslation('bookings')
  // Checkout sends a visitor here with the visit they just booked marked (docs/decisions/023).
  const [search] = useSearchParams()
  const highlight = Number(search.get('highlight')) || undefined
  return (
    <div className="space-y-10">
      <BookingSection
        id="upcoming"
        title={t('upcoming')}
        bookings={upcoming}
        past={false}
        highlight={highlight}
        whenEmpty={
          <>
            {t('noUpcoming')}{' '}
            <Link to={pagePath('gyms')} className="font-semibold text-brand-700 hover:underline">
              {t('browse')}
            </Link>
          </>
        }
      />
      <BookingSection id="past" title={t('past')} bookings={past} past whenEmpty={t('noPast')} />
    </div>
  )
}
