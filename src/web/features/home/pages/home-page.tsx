import { useTranslation } from 'react-i18next'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { ButtonLink } from '../../../components/ui/button.tsx'
import { useSession } from '../../accounts/api.ts'
import { AnnouncementBanner } from '../components/announcement-banner.tsx'
import { FeatureBlurbs } from '../components/feature-blurbs.tsx'
import { FeaturedCarousel } from '../components/featured-carousel.tsx'
import { HomeSearch } from '../components/home-search.tsx'
import { NewsletterForm } from '../components/newsletter-form.tsx'

export function HomePage() {
  const { t } = useTranslation()
  const { t: th } = useTranslation('home')
  // The server draws the page for a visitor it does not know; once the session is known, a signed-in
  // visitor is offered their bookings rather than Sign In / Sign Up.
  const signedIn = useSession().status === 'signedIn'
  return (
    <>
      <AnnouncementBanner />
      <section className="relative overflow-hidden bg-brand-900 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_85%_20%,rgb(224_164_88/0.35),transparent_45%),radial-gradient(circle_at_10%_90%,rgb(31_145_132/0.55),transparent_50%)]"
        />
        <div className="container-page relative py-16 md:py-24">
          <p className="mb-4 text-sm font-semibold tracking-wide text-sand-300 uppercase">
            {t('home.eyebrow')}
          </p>
          <h1 className="max-w-2xl text-4xl leading-tight font-bold md:text-6xl">{t('home.title')}</h1>
          <p className="mt-5 max-w-xl text-lg text-brand-50/90">{t('home.subtitle')}</p>
          <HomeSearch />
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={pagePath('gyms')} variant="accent" size="lg">
              {t('home.findGyms')}
            </ButtonLink>
            {signedIn ? (
              <ButtonLink to={pagePath('bookings')} variant="secondary" size="lg">
                {t('nav.myBookings')}
              </ButtonLink>
            ) : (
              <ButtonLink to={pagePath('login')} variant="secondary" size="lg">
                {t('home.signIn')}
              </ButtonLink>
            )}
            <ButtonLink
              to={pagePath('vendors')}
              variant="ghost"
              size="lg"
              className="text-white hover:bg-white/10"
            >
              {t('home.registerVenue')}
            </ButtonLink>
          </div>
        </div>
      </section>
      <FeaturedCarousel />
      <FeatureBlurbs />
      <section aria-labelledby="newsletter-title" className="bg-brand-900 py-14 text-white">
        <div className="container-page grid gap-6 md:grid-cols-2 md:items-center">
          <div>
            <h2 id="newsletter-title" className="text-2xl font-bold md:text-3xl">
              {th('newsletterTitle')}
            </h2>
            <p className="mt-2 text-brand-50/90">{th('newsletterLead')}</p>
          </div>
          <NewsletterForm />
        </div>
      </section>
    </>
  )
}
