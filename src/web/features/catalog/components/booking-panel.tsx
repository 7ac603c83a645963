import { lazy, Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDisplayDate } from '../../../../shared/bahrain-time.ts'
import { passLineName } from '../../../../shared/cart.ts'
import type { Venue } from '../../../../shared/catalog-api.ts'
import { Button } from '../../../components/ui/button.tsx'
import { CancellationNote } from '../../../components/ui/cancellation-note.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { useCart } from '../../cart/cart-context.tsx'
import type { BookingChoice, BookingStart } from './booking-dialog.tsx'
import { PassList } from './pass-list.tsx'

// The dialog and its calendar load once a pass is chosen, not with the venue list: they are most of
// the catalog pages' code, and the first screen does not need them.
const BookingDialog = lazy(() => import('./booking-dialog.tsx').then((m) => ({ default: m.BookingDialog })))

/**
 * Passes, Add to Cart and the booking dialog: the booking flow shared by the venue card and the venue
 * page. `start` is where the dialog opens: the list's chosen date and the venue's next open slot.
 */
export function BookingPanel({ venue, start }: { venue: Venue; start?: BookingStart | undefined }) {
  const { t } = useTranslation('catalog')
  const localize = useLocalized()
  const cart = useCart()
  const [passId, setPassId] = useState<string>()
  const [dialogOpen, setDialogOpen] = useState(false)
  const addButton = useRef<HTMLButtonElement>(null)
  const [added, setAdded] = useState<BookingChoice & { listStart: string }>()
  const pass = venue.passes.find((entry) => entry.id === passId)
  // The dialog starts where the visitor just added a pass, unless the list's date has changed since:
  // then it follows the list (an old date would also show that date's price).
  const listStart = start ? `${start.date} ${start.time ?? ''}` : ''
  const opensAt = added && added.listStart === listStart ? added : start
  // Read once, as the dialog opens: the list refetching while it is open (its next slot moving on
  // the hour) must not start the visitor's choice again.
  const [openedAt, setOpenedAt] = useState<BookingStart>()
  function openDialog() {
    setOpenedAt(opensAt && { date: opensAt.date, time: opensAt.time })
    setDialogOpen(true)
  }

  function confirm(choice: BookingChoice) {
    if (!pass) return
    cart.add({
      gymId: venue.id,
      passId: pass.id,
      gymName: localize(venue.name),
      passName: passLineName(localize(pass.name), localize(pass.description)),
      passPrice: choice.price,
      date: choice.date,
      time: choice.time,
      location: localize(venue.location),
      payAtVenueOnly: venue.payAtVenueOnly,
      quantity: choice.quantity,
    })
    setAdded({ ...choice, listStart })
    setDialogOpen(false)
  }

  return (
    <div className="space-y-3">
      <PassList passes={venue.passes} selectedId={passId} disabled={venue.comingSoon} onChoose={setPassId} />
      {venue.comingSoon ? (
        <p className="rounded-full bg-sand-200 px-4 py-2 text-center text-sm font-bold text-brand-900">
          {t('comingSoon')}
        </p>
      ) : (
        <>
          <Button ref={addButton} className="w-full" disabled={!pass} onClick={openDialog}>
            {t('addToCart')}
          </Button>
          {!pass && <p className="text-center text-xs text-muted">{t('choosePass')}</p>}
        </>
      )}
      {added && (
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800">
          {t('addedToCart', { date: formatDisplayDate(added.date), time: added.time })}
        </p>
      )}
      {added && (
        <CancellationNote visit={added} noticeHours={venue.cancellationNoticeHours} className="px-3" />
      )}
      {pass && (
        <Suspense>
          <BookingDialog
            // A new dialog per pass and per start, which is the date and time just added (a family
            // adds the children's pass for the slot it chose for the adults' without choosing it
            // again), else the list's date and next slot.
            key={`${pass.id} ${openedAt?.date ?? ''} ${openedAt?.time ?? ''}`}
            initial={openedAt}
            venue={venue}
            pass={pass}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            onConfirm={confirm}
            returnFocusTo={addButton}
          />
        </Suspense>
      )}
    </div>
  )
}
