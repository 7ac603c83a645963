import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { pagePath } from '../../shared/route-manifest.ts'
import { Logo } from './logo.tsx'

export const teamEmail = 'admin@daypass.bh'

export function Footer() {
  const { t } = useTranslation()
  const links = [
    { to: pagePath('about'), label: t('footer.about') },
    { to: pagePath('terms'), label: t('footer.terms') },
    { to: pagePath('faq'), label: t('footer.faq') },
    { to: pagePath('contact'), label: t('footer.contact') },
    { to: pagePath('scan'), label: t('footer.scan') },
  ]
  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[2fr_1fr_1fr]">
        <div className="space-y-4">
          <Logo inverted />
          <p className="max-w-sm text-sm leading-relaxed text-brand-100/85">{t('footer.blurb')}</p>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2
            id="footer-quick-links"
            className="mb-3 text-sm font-bold tracking-wide text-sand-300 uppercase"
          >
            {t('footer.quickLinks')}
          </h2>
          <ul className="space-y-2 text-sm">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-brand-50/90 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-bold tracking-wide text-sand-300 uppercase">
            {t('footer.contactInfo')}
          </h2>
          <address className="space-y-2 text-sm not-italic">
            <a
              href={`mailto:${teamEmail}`}
              className="inline-block text-brand-50/90 hover:text-white hover:underline"
              dir="ltr"
            >
              {teamEmail}
            </a>
            <p className="text-brand-50/90">{t('footer.location')}</p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-xs text-brand-100/75">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  )
}
