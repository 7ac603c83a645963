import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Carousel } from '../../../components/ui/carousel.tsx'
import { VenueImage } from '../../catalog/components/venue-image.tsx'

interface Slide {
  id: string
  title: string
  body: string
}

/** Six featured venues, advancing every 5 s (paused on hover and focus, off for reduced motion). */
export function FeaturedCarousel() {
  const { t } = useTranslation('home')
  const slides = t('slides', { returnObjects: true }) as Slide[]
  return (
    <section aria-labelledby="featured-title" className="container-page py-14">
      <h2 id="featured-title" className="text-2xl font-bold text-brand-900 md:text-3xl">
        {t('featuredTitle')}
      </h2>
      <p className="mt-1 mb-6 text-muted">{t('featuredLead')}</p>
      <Carousel
        label={t('carouselLabel')}
        autoplayMs={5000}
        captioned
        slides={slides.map((slide, index) => ({
          id: slide.id,
          content: (
            <div className="relative">
              <VenueImage
                imageKey={`${slide.id}/cover`}
                alt={slide.title}
                sizes="(min-width: 1152px) 1120px, 100vw"
                priority={index === 0}
                className="aspect-[3/2] w-full object-cover md:aspect-[21/9]"
              />
              <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-brand-950/85 to-transparent p-5 pt-16 text-white md:p-8">
                <p className="text-xl font-bold md:text-2xl">{slide.title}</p>
                <p className="mt-1 hidden max-w-lg text-sm text-white/90 sm:block md:text-base">
                  {slide.body}
                </p>
                <Link
                  to={`/gyms/${slide.id}`}
                  className="mt-3 inline-block rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-sand-100"
                >
                  {t('viewVenue')}
                  <span className="sr-only">: {slide.title}</span>
                </Link>
              </div>
            </div>
          ),
        }))}
      />
    </section>
  )
}
