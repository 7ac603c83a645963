import * as DialogPrimitive from '@radix-ui/react-dialog'
import { clsx } from 'clsx'
import type { ReactNode, RefObject } from 'react'
import { useTranslation } from 'react-i18next'

interface DialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: ReactNode
  description?: ReactNode
  children: ReactNode
  className?: string
  /** Where the focus goes when the dialog closes: the control that opened it (there is no Radix Trigger). */
  returnFocusTo?: RefObject<HTMLElement | null>
}

/** A modal dialog on Radix: focus is trapped inside and returned on close; Escape and the overlay close it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  returnFocusTo,
}: DialogProps) {
  const { t } = useTranslation()
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-brand-950/55 backdrop-blur-sm" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            // Radix returns the focus to its Trigger; opened from elsewhere, it would drop it on <body>.
            const target = returnFocusTo?.current
            if (!target) return
            event.preventDefault()
            target.focus()
          }}
          className={clsx(
            'fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[90dvh] max-w-lg -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-card',
            className,
          )}
        >
          <DialogPrimitive.Title className="mb-4 pe-10 text-xl font-bold text-brand-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mb-4 text-sm text-muted">
              {description}
            </DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          )}
          {children}
          {/* Last in the focus order, so the dialog opens on its first field rather than on Close. */}
          <DialogPrimitive.Close
            className="absolute end-4 top-5 rounded-full p-1.5 text-muted hover:bg-sand-100 hover:text-ink"
            aria-label={t('ui.close')}
          >
            <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
