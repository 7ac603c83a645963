import { clsx } from 'clsx'
import Autoplay from 'embla-carousel-autoplay'
import useEmblaCarousel from 'embla-carousel-react'
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Chevron } from './chevron.tsx'

interface CarouselProps {
  /** Each slide with a stable id, used as its React key. */
  slides: { id: string; content: ReactNode }[]
  /** Accessible name of the carousel, e.g. "Featured venues". */
  label: string
  /** Auto-advance interval in ms; paused on hover and focus, and off for visitors who prefer reduced motion. */
  autoplayMs?: number
  showDots?: boolean
  /**
   * Slides with a caption at the bottom: on phones the arrows sit near the top of the slide, where
   * they cannot cover the caption's title (on wider screens the middle is clear of it).
   */
  captioned?: boolean
  className?: string
}

function prefersReducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
}

/** A slide carousel on Embla, with previous/next, dots, swipe, and right-to-left support. */
export function Carousel({
  slides,
  label,
  autoplayMs,
  showDots = true,
  captioned = false,
  className,
}: CarouselProps) {
  const { t, i18n } = useTranslation()
  const plugins = useMemo(
    () =>
      autoplayMs && !prefersReducedMotion()
        ? [
            Autoplay({
              delay: autoplayMs,
              stopOnInteraction: false,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
            }),
          ]
        : [],
    [autoplayMs],
  )
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, direction: i18n.dir() }, plugins)
  const [selected, setSelected] = useState(0)

  useEffect(() => {
    if (!embla) return
    const onSelect = () => setSelected(embla.selectedScrollSnap())
    onSelect()
    embla.on('select', onSelect).on('reInit', onSelect)
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect)
    }
  }, [embla])

  const previous = useCallback(() => embla?.scrollPrev(), [embla])
  const next = useCallback(() => embla?.scrollNext(), [embla])

  return (
    <section aria-roledescription="carousel" aria-label={label} className={clsx('relative', className)}>
      <div ref={viewportRef} className="overflow-hidden rounded-card">
        <div className="flex touch-pan-y">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t('ui.slideOf', { current: index + 1, total: slides.length })}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <CarouselArrow side="start" label={t('ui.previous')} onClick={previous} captioned={captioned} />
      <CarouselArrow side="end" label={t('ui.next')} onClick={next} captioned={captioned} />
      {showDots && (
        <div className="mt-3 flex justify-center gap-2">
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              aria-label={t('ui.goToSlide', { number: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => embla?.scrollTo(index)}
              className={clsx(
                'size-2.5 rounded-full transition-colors',
                index === selected ? 'bg-brand-800' : 'bg-brand-800/25 hover:bg-brand-800/50',
              )}
            />
          ))}
        </div>
      )}
    </section>
  )
}

function CarouselArrow({
  side,
  label,
  onClick,
  captioned,
}: {
  side: 'start' | 'end'
  label: string
  onClick(): void
  captioned: boolean
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={clsx(
        'absolute grid size-10 place-items-center rounded-full bg-white/90 text-brand-900 shadow-card hover:bg-white',
        captioned ? 'top-3 md:top-1/2 md:-translate-y-1/2' : 'top-1/2 -translate-y-1/2',
        side === 'start' ? 'start-3' : 'end-3',
      )}
    >
      <Chevron className={clsx('rtl:-scale-x-100', side === 'end' && 'rotate-180')} />
    </button>
  )
}
