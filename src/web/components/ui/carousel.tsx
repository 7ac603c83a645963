import { clsx } from 'clsx'
import type EmblaCarousel from 'embla-carousel'
import type { EmblaCarouselType, EmblaPluginType } from 'embla-carousel'
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
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
  const [viewportRef, embla, withEngine, drawAll] = useCarouselEngine(i18n.dir(), autoplayMs)
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

  const previous = useCallback(() => withEngine((engine) => engine.scrollPrev()), [withEngine])
  const next = useCallback(() => withEngine((engine) => engine.scrollNext()), [withEngine])

  return (
    <section aria-roledescription="carousel" aria-label={label} className={clsx('relative', className)}>
      <div ref={viewportRef} className="overflow-hidden rounded-card">
        <div className="flex touch-pan-y">
          {(drawAll ? slides : slides.slice(0, 1)).map((slide, index) => (
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
              onClick={() => withEngine((engine) => engine.scrollTo(index))}
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

/**
 * Embla and its autoplay, loaded once the carousel is on screen and the app has started: the page
 * is interactive sooner without its 9 KiB (bench/pages.ts). Until then only the first slide is drawn,
 * by the server too: the others cannot be seen before the carousel moves, and a list of venues
 * would otherwise send, lay out and hydrate every card's other photos first. `withEngine` does
 * something with the carousel at once if it has loaded, else as soon as it has: a tap on an arrow
 * or a dot made before is not lost.
 */
function useCarouselEngine(direction: 'ltr' | 'rtl', autoplayMs: number | undefined) {
  const [viewport, setViewport] = useState<HTMLElement | null>(null)
  const [modules, setModules] = useState<{ create: typeof EmblaCarousel; plugins: () => EmblaPluginType[] }>()
  const [engine, setEngine] = useState<EmblaCarouselType>()
  const pending = useRef<(engine: EmblaCarouselType) => void>(undefined)
  const autoplay = Boolean(autoplayMs) && !prefersReducedMotion()
  useEffect(() => {
    if (!viewport || modules) return
    let cancelled = false
    void Promise.all([
      import('embla-carousel'),
      autoplay ? import('embla-carousel-autoplay') : undefined,
    ]).then(([{ default: create }, loaded]) => {
      if (cancelled) return
      const plugins = () =>
        loaded
          ? [
              loaded.default({
                delay: autoplayMs,
                stopOnInteraction: false,
                stopOnMouseEnter: true,
                stopOnFocusIn: true,
              }),
            ]
          : []
      setModules({ create, plugins })
    })
    return () => {
      cancelled = true
    }
  }, [viewport, modules, autoplay, autoplayMs])
  // Started once every slide is drawn.
  useEffect(() => {
    if (!viewport || !modules) return
    const started = modules.create(viewport, { loop: true, direction }, modules.plugins())
    pending.current?.(started)
    pending.current = undefined
    setEngine(started)
    return () => {
      started.destroy()
      setEngine(undefined)
    }
  }, [viewport, modules, direction])
  const withEngine = useCallback(
    (act: (engine: EmblaCarouselType) => void) => {
      if (engine) act(engine)
      else pending.current = act
    },
    [engine],
  )
  return [setViewport, engine, withEngine, modules !== undefined] as const
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
