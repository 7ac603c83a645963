import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import type { Venue } from '../../../../shared/catalog-api.ts'
import { Chevron } from '../../../components/ui/chevron.tsx'
import { useLocalized } from '../../../lib/use-localized.ts'
import { VenueImage } from './venue-image.tsx'

interface GalleryViewerProps {
  venue: Venue
  index: number
  onIndexChange(index: number): void
  open: boolean
  onOpenChange(open: boolean): void
  /** The button that opened it, set by its click handler: focus goes back there on close. */
  returnFocusTo: RefObject<HTMLElement | null>
}

/**
 * The full-screen gallery: arrow keys move (mirrored in Arabic), Escape closes, focus stays inside
 * and returns to the opening button, and the images slide in 300 ms.
 */
export function GalleryViewer({
  venue,
  index,
  onIndexChange,
  open,
  onOpenChange,
  returnFocusTo,
}: GalleryViewerProps) {
  const { t, i18n } = useTranslation('catalog')
  const localize = useLocalized()
  const total = venue.images.length
  const rtl = i18n.dir() === 'rtl'
  const go = (step: number) => onIndexChange((index + step + total) % total)

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-brand-950/95" />
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col text-white focus:outline-none"
          // Opened without a Radix trigger, so the opener is named by its click, not read from
          // document.activeElement: a tap replayed after hydration (ADR 018) may not have focused it.
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') go(rtl ? -1 : 1)
            if (event.key === 'ArrowLeft') go(rtl ? 1 : -1)
          }}
        >
          <div className="flex items-center justify-between gap-4 p-4">
            <DialogPrimitive.Title className="text-lg font-semibold">
              {localize(venue.name)}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">{t('galleryHelp')}</DialogPrimitive.Description>
            <p aria-live="polite" className="text-sm tabular-nums" dir="ltr">
              {index + 1} / {total}
            </p>
            <DialogPrimitive.Close className="rounded-full bg-white/10 px-4 py-2 text-sm font-semibold hover:bg-white/20">
              {t('closeGallery')}
            </DialogPrimitive.Close>
          </div>
          <div className="relative flex-1 overflow-hidden">
            <div
              className="flex h-full transition-transform duration-300 ease-out"
              style={{ transform: `translateX(${(rtl ? 1 : -1) * index * 100}%)` }}
            >
              {venue.images.map((image, position) => (
                <div
                  key={image.key}
                  className="flex h-full w-full shrink-0 items-center justify-center p-4"
                  aria-hidden={position !== index}
                >
                  <VenueImage
                    imageKey={image.key}
                    alt={image.alt}
                    sizes="100vw"
                    className="max-h-[75dvh] w-auto max-w-full rounded-xl object-contain"
                  />
                </div>
              ))}
            </div>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label={t('previousImage')}
              className="absolute start-3 top-1/2 grid size-12 -translate-y-1/2 place-items-center rounded-full bg-white/15 hover:bg-white/25"
            >
              <Chevron className="size-6 rtl:-scale-x-100" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label={t('nextImage')}
              className="absolute end-3 top-1/2 grid size-12 -translate-y-1/2 place-items-center rounded-full bg-white/15 hover:bg-white/25"
            >
              <Chevron className="size-6 rotate-180 rtl:rotate-0" />
            </button>
          </div>
          <p className="p-4 text-center text-sm text-white/80">
            {localize(venue.images[index]?.alt ?? { en: '', ar: '' })}
          </p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
