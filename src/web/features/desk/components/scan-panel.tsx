import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DeskPaymentMethod, RedeemAnswer, RedeemEntry, RedeemRequest } from '../../../../shared/desk.ts'
import { readTicketText } from '../../../../shared/normalise/ticket-reference.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { useErrorText } from '../../../lib/error-text.ts'
import { useDeskPayment, useRedeem } from '../api.ts'
import { beep } from '../beep.ts'
import { cameraScanAvailable, scanWithCamera } from '../camera-scanner.ts'
import { PartyCard } from './party-card.tsx'
import { isReferenceOnly, ScanResult } from './scan-result.tsx'

/**
 * What is sent for a scan: a reference however it was typed (`dp58j9q98f`, `DP 58J9 Q98F`) as
 * `DP-58J9-Q98F`, with its signature when it has one; other text as it is, for the server to refuse.
 */
function canonicalTicketText(text: string): string {
  const read = readTicketText(text)
  if (!read) return text
  return read.signature === undefined ? read.reference : `${read.reference}.${read.signature}`
}

/** A phone or tablet: its on-screen keyboard covers half the page while a field has the focus. */
function isTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches
}

/**
 * The desk's check-in: one field that a USB scanner types into (it ends with Enter), a camera scan
 * (src/web/features/desk/camera-scanner.ts), and the answer. Each scan says how it was read: the
 * camera's must be a signed ticket; the field's may be a reference typed by hand, which the server
 * checks in as "reference only". After each scan the field is cleared and, at a desk with a
 * scanner, focused again, so the next visitor's ticket can be scanned at once; on a phone it is
 * left, so the keyboard closes and the answer, scrolled into view, is seen. A scan that got no answer
 * is sent again with the same nonce, so it cannot check anyone in twice.
 */
export function ScanPanel({ venueId }: { venueId: string }) {
  const { t } = useTranslation('desk')
  const errorText = useErrorText()
  const redeem = useRedeem()
  const payment = useDeskPayment()
  const input = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [last, setLast] = useState<{ request: RedeemRequest; answer?: RedeemAnswer }>()
  // Once staff act on the whole party, the scanned ticket's own answer ("Too early", "Collect") is
  // out of date: the party's card says how things stand.
  const [partyActed, setPartyActed] = useState(false)
  const [camera, setCamera] = useState<'off' | 'on' | 'failed'>('off')
  const [canUseCamera] = useState(cameraScanAvailable)

  const answerRef = useRef<HTMLDivElement>(null)
  // Each answer is put where it is seen: scrolled into view, above a phone's keyboard.
  useEffect(() => {
    if (last?.answer) answerRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [last?.answer])

  const send = (request: RedeemRequest) => {
    setLast({ request })
    setPartyActed(false)
    redeem.mutate(request, {
      onSuccess: (answer) => {
        setLast({ request, answer })
        beep(answer.status !== 'ok' ? 'refused' : isReferenceOnly(answer) ? 'referenceOnly' : 'ok')
      },
    })
  }
  const check = (scanned: string, entry: RedeemEntry, override = false) => {
    if (!scanned.trim()) return
    send({ venueId, text: canonicalTicketText(scanned), entry, nonce: crypto.randomUUID(), override })
    setText('')
    // On a phone the keyboard would hide the answer: the field lets go of the focus. At a desk
    // with a scanner (a fine pointer) it keeps it, ready for the next ticket.
    if (isTouchScreen()) input.current?.blur()
    else input.current?.focus()
  }
  // The same ticket again, read the same way, as a new scan.
  const checkAgain = (request: RedeemRequest, override: boolean) =>
    check(request.text, request.entry, override)

  const pay = (method: DeskPaymentMethod) => {
    const booking = last?.answer?.booking
    if (!booking || !last) return
    payment.mutate(
      { id: booking.id, method },
      // Paid: the same ticket is checked again, now to check the visitor in.
      { onSuccess: () => checkAgain(last.request, last.request.override ?? false) },
    )
  }

  return (
    <section aria-labelledby="scan-heading" className="space-y-4">
      <h2 id="scan-heading" className="text-xl font-bold text-brand-900">
        {t('scan.heading')}
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          // Typed by hand, or by a USB scanner (the whole signed payload): the server tells them apart.
          check(text, 'keyboard')
        }}
      >
        <div className="flex items-end gap-2">
          <Field label={t('scan.label')} className="flex-1">
            {(control) => (
              <Input
                {...control}
                aria-describedby="scan-hint"
                ref={input}
                // The desk's main action: the field is ready for the scanner as the page opens.
                autoFocus
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                enterKeyHint="go"
                value={text}
                onChange={(event) => setText(event.target.value)}
                className="text-lg"
              />
            )}
          </Field>
          <Button type="submit" size="lg" busy={redeem.isPending}>
            {t('scan.submit')}
          </Button>
        </div>
        <p id="scan-hint" className="mt-1.5 text-sm text-muted">
          {t('scan.hint')}
        </p>
      </form>
      {canUseCamera ? (
        <CameraScan
          on={camera === 'on'}
          onToggle={(on) => setCamera(on ? 'on' : 'off')}
          onRead={(value) => {
            setCamera('off')
            check(value, 'camera')
          }}
          onFail={() => setCamera('failed')}
        />
      ) : (
        <p className="text-sm text-muted">{t('scan.noCamera')}</p>
      )}
      {camera === 'failed' && (
        <p role="alert" className="text-sm text-accent-600">
          {t('scan.cameraFailed')}
        </p>
      )}
      {redeem.isError && last && !last.answer && (
        <div role="alert" className="rounded-card border-4 border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{errorText.of(redeem.error, t('scan.sendFailed'))}</p>
          <Button className="mt-3" onClick={() => send(last.request)}>
            {t('scan.resend')}
          </Button>
        </div>
      )}
      {payment.isError && (
        <p role="alert" className="text-sm text-accent-600">
          {errorText.of(payment.error)}
        </p>
      )}
      <div ref={answerRef} className="scroll-mt-4 space-y-4">
        {last?.answer && !partyActed && (
          <ScanResult
            answer={last.answer}
            busy={redeem.isPending || payment.isPending}
            onPay={pay}
            onOverride={() => checkAgain(last.request, true)}
          />
        )}
        {last?.answer?.booking && last.answer.status !== 'other_venue' && (
          <PartyCard
            bookingId={last.answer.booking.id}
            onCheckInOne={(reference) => check(reference, 'keyboard')}
            otherDay={last.answer.status === 'other_date'}
            onActed={() => setPartyActed(true)}
          />
        )}
      </div>
    </section>
  )
}

function CameraScan({
  on,
  onToggle,
  onRead,
  onFail,
}: {
  on: boolean
  onToggle(on: boolean): void
  onRead(text: string): void
  onFail(): void
}) {
  const { t } = useTranslation('desk')
  const video = useRef<HTMLVideoElement>(null)
  // The latest handlers, so a re-render does not close and reopen the camera.
  const handlers = useRef({ onRead, onFail })
  handlers.current = { onRead, onFail }
  useEffect(() => {
    if (!on || !video.current) return
    const stop = new AbortController()
    scanWithCamera(video.current, stop.signal).then(
      (text) => handlers.current.onRead(text),
      () => {
        if (!stop.signal.aborted) handlers.current.onFail()
      },
    )
    return () => stop.abort()
  }, [on])
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => onToggle(!on)} aria-pressed={on}>
        {t(on ? 'scan.stopCamera' : 'scan.camera')}
      </Button>
      {on && (
        <video
          ref={video}
          aria-label={t('scan.cameraVideo')}
          muted
          playsInline
          className="w-full max-w-sm rounded-card"
        />
      )}
    </div>
  )
}
