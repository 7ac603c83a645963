import { useTranslation } from 'react-i18next'
import { buttonClasses } from '../ui/button.tsx'

/**
 * "Add to calendar": the booking's `.ics` file, the same one its confirmation mail carries. A plain
 * link, so a phone hands the file to its calendar app and nothing runs in the page.
 */
export function AddToCalendar({ href, reference }: { href: string; reference: string }) {
  const { t } = useTranslation('visit')
  return (
    <a
      href={href}
      download={`daypass-${reference}.ics`}
      title={t('addToCalendarHint')}
      className={buttonClasses('secondary', 'md', 'min-h-11')}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4M12 13v5M9.5 15.5h5" />
      </svg>
      {t('addToCalendar')}
    </a>
  )
}
