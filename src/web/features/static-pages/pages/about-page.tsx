import { useTranslation } from 'react-i18next'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { ButtonLink } from '../../../components/ui/button.tsx'
import { PageHeader } from '../page-header.tsx'

interface Section {
  title: string
  body: string
}
interface Stat {
  value: string
  label: string
}

export function AboutPage() {
  const { t } = useTranslation('about')
  const sections = t('sections', { returnObjects: true }) as Section[]
  const stats = t('stats', { returnObjects: true }) as Stat[]
  return (
    <article>
      <PageHeader heading={t('heading')} lead={t('lead')} />
      <div className="container-page grid gap-10 py-12 md:grid-cols-[2fr_1fr]">
        <div className="space-y-8">
          {sections.map((section) => (
            <section key={section.title}>
              <h2 className="mb-2 text-2xl font-bold text-brand-900">{section.title}</h2>
              <p className="leading-relaxed text-muted">{section.body}</p>
            </section>
          ))}
        </div>
        <aside className="space-y-4">
          <dl className="grid gap-3">
            {stats.map((stat) => (
              <div key={stat.label} className="rounded-card bg-white p-5 shadow-card">
                <dt className="text-sm text-muted">{stat.label}</dt>
                <dd className="order-first text-3xl font-bold text-brand-800">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <section className="rounded-card bg-sand-100 p-6">
            <h2 className="mb-2 text-xl font-bold text-brand-900">{t('join.title')}</h2>
            <p className="mb-4 text-muted">{t('join.body')}</p>
            <ButtonLink to={pagePath('register')} variant="accent">
              {t('join.link')}
            </ButtonLink>
          </section>
        </aside>
      </div>
    </article>
  )
}
