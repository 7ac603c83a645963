import { useTranslation } from 'react-i18next'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { Accordion } from '../../../components/ui/accordion.tsx'
import { ButtonLink } from '../../../components/ui/button.tsx'
import { PageHeader } from '../page-header.tsx'

interface FaqItem {
  id: string
  question: string
  answer: string
}

export function FaqPage() {
  const { t } = useTranslation('faq')
  const items = t('items', { returnObjects: true }) as FaqItem[]
  return (
    <article>
      <PageHeader heading={t('heading')} lead={t('intro')} />
      <div className="container-page max-w-3xl py-12">
        <Accordion
          headingLevel={2}
          items={items.map((item) => ({ id: item.id, title: item.question, content: <p>{item.answer}</p> }))}
        />
        <div className="mt-10 flex flex-col items-center gap-3 rounded-card bg-sand-100 p-8 text-center">
          <p className="text-lg font-semibold text-brand-900">{t('contactPrompt')}</p>
          <ButtonLink to={pagePath('contact')}>{t('contactLink')}</ButtonLink>
        </div>
      </div>
    </article>
  )
}
