import * as DialogPrimitive from '@radix-ui/react-dialog'
import type { KeyboardEvent, ReactNode, RefObject } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A ticket's full screen, as shown at reception: black on pure white at the largest size the screen
 * allows (a scanner reads that best, and a page cannot raise the phone's brightness itself), with
 * its title and Close; the focus goes back to the button that opened it. One ticket and all of a
 * party's share it.
 */
export function TicketScreen({
  open,
  onOpenChange,
  returnFocusTo,
  title,
  description,
  onKeyDown,
  children,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  returnFocusTo: RefObject<HTMLElement | null>
  title: ReactNode
  description: ReactNode
  onKeyDown?(event: KeyboardEvent): void
  children: ReactNode
}) {
  const { t } = useTranslation('bookings')
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white text-black focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
          onKeyDown={onKeyDown}
        >
          <div className="mx-auto flex w-full max-w-md items-start justify-between gap-3 px-5 pt-6">
            <div>
              <DialogPrimitive.Title className="text-xl font-bold">{title}</DialogPrimitive.Title>
              <DialogPrimitive.Description className="text-sm">{description}</DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close className="shrink-0 rounded-full border border-black/20 px-4 py-2 text-sm font-semibold">
              {t('ticket.close')}
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
