import { useTranslation } from 'react-i18next'

export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation()
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={inverted ? '#f5efe3' : '#0b4f4a'} />
        <path d="M14 26h6v12h-6zM44 26h6v12h-6zM20 30h24v4H20z" fill={inverted ? '#0b4f4a' : '#f5efe3'} />
        <path d="M8 29h6v6H8zM50 29h6v6h-6z" fill="#e0a458" />
        <circle cx="48" cy="16" r="5" fill="#ce1126" />
      </svg>
      <span
        className={
          inverted ? 'text-lg font-bold text-white' : 'text-lg font-bold whitespace-nowrap text-brand-900'
        }
      >
        {t('brand')}
      </span>
    </span>
  )
}
