import { useTranslation } from 'react-i18next'
import { PageHeader } from '../page-header.tsx'

interface TermsSection {
  id: string
  title: string
  paragraphs: string[]
}

export function TermsPage() {
  const { t } = useTranslation('terms')
  const sections = t('sections', { returnObjects: true }) as TermsSection[]
  return (
    <article>
      <PageHeader heading={t('heading')} lead={t('intro')} />
      <div className="container-page grid gap-10 py-12 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="terms-contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="terms-contents" className="mb-3 text-sm font-bold text-muted">
            {t('updated')}
          </h2>
          <ol className="space-y-1.5 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-800 hover:underline">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <ol className="space-y-10">
          {sections.map((section, index) => (
            <li key={section.id}>
              <section id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
                <h2 id={`${section.id}-title`} className="mb-3 text-2xl font-bold text-brand-900">
                  <span className="text-brand-500">{index + 1}.</span> {section.title}
                </h2>
                <div className="space-y-3 leading-relaxed text-muted">
                  {section.paragraphs.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              </section>
            </li>
          ))}
        </ol>
      </div>
    </article>
  )
}
