import { useTranslation } from 'react-i18next'

interface Feature {
  id: 'premium' | 'flexible' | 'payments'
  title: string
  body: string
}

const icons: Record<Feature['id'], string> = {
  premium: 'M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.5 6.7 19.4l1.2-6L3.4 9.3l6-.7z',
  flexible: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3.5 2',
  payments: 'M3 7h18v10H3zM3 10h18M7 14h4',
}

export function FeatureBlurbs() {
  const { t } = useTranslation('home')
  const features = t('features', { returnObjects: true }) as Feature[]
  return (
    <section aria-labelledby="why-title" className="bg-white py-14">
      <div className="container-page">
        <h2 id="why-title" className="mb-8 text-2xl font-bold text-brand-900 md:text-3xl">
          {t('whyTitle')}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.id} className="rounded-card bg-sand-50 p-6">
              <span className="mb-4 grid size-12 place-items-center rounded-full bg-brand-800 text-sand-100">
                <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
                  <path
                    d={icons[feature.id]}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinejoin="round"
                    strokeLinecap="round"
                  />
                </svg>
              </span>
              <h3 className="mb-2 text-lg font-bold text-brand-900">{feature.title}</h3>
              <p className="text-muted">{feature.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
