import { useMutation } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { otpResendSeconds, otpValidMinutes } from '../../../shared/checkout.ts'
import type { Language } from '../../../shared/i18n.ts'
import { SendCodeError, sendCode, verifyCode } from './api.ts'
import { readSession, writeSession } from './guest-draft.ts'

export type Verification =
  | { step: 'idle' }
  /** `recentlySent`: the server refused a new code because one went out moments ago, which still works. */
  | { step: 'sent'; email: string; expiresInMinutes: number; recentlySent?: boolean }
  | { step: 'verified'; email: string; proof: string }

interface Proof {
  email: string
  proof: string
  expiresAt: number
}

// The proof is kept in sessionStorage while it is valid, so Back, Forward and a reload of this tab
// keep the guest verified; past its expiresAt it is dropped, and the server would refuse it anyway.
const proofKey = 'checkout.proof'

function isProof(value: unknown): value is Proof {
  const saved = value as Partial<Proof> | undefined
  return (
    typeof saved?.email === 'string' &&
    typeof saved.proof === 'string' &&
    typeof saved.expiresAt === 'number' &&
    Number.isFinite(saved.expiresAt)
  )
}

function rememberedProof(): Proof | undefined {
  const saved = readSession(proofKey)
  if (!isProof(saved)) return undefined
  if (saved.expiresAt > Date.now()) return saved
  forgetVerifiedEmail()
  return undefined
}

/** The address proved in this tab and still valid, for a checkout whose e-mail field is empty. */
export function rememberedEmail(): string | undefined {
  return rememberedProof()?.email
}

/** Forgets the verified e-mail: after booking, when the guest picks another address, or between tests. */
export function forgetVerifiedEmail() {
  writeSession(proofKey, undefined)
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

function recall(email: string): Verification {
  const remembered = rememberedProof()
  if (remembered && sameAddress(remembered.email, email))
    return { step: 'verified', email: remembered.email, proof: remembered.proof }
  return { step: 'idle' }
}

/** Whole seconds until a moment, ticking down once a second. */
function useSecondsUntil(deadline: number) {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    setNow(Date.now())
    if (deadline <= Date.now()) return
    const timer = setInterval(() => {
      setNow(Date.now())
      if (Date.now() >= deadline) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [deadline])
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/**
 * A guest's e-mail check (docs/decisions/012): not verified, code sent, verified. The code goes to the
 * address typed in `email`; changing that address before verifying starts over.
 */
export function useEmailVerification(email: string, language: Language) {
  const [state, setVerification] = useState<Verification>(() => recall(email))
  // An address proved elsewhere in this tab since (the waiting list's join dialog), or typed in after
  // the page opened, is recognised as it is typed, not only after a reload.
  const verification = state.step === 'idle' ? recall(email) : state
  const [resendAt, setResendAt] = useState(0)
  const resendIn = useSecondsUntil(resendAt)

  const send = useMutation({
    mutationFn: (address: string) => sendCode(address.trim(), language),
    onSuccess: (answer, address) => {
      setResendAt(Date.now() + (answer.resendAfterSeconds ?? otpResendSeconds) * 1000)
      const expiresInMinutes = Math.round((answer.expiresInSeconds ?? otpValidMinutes * 60) / 60)
      setVerification({ step: 'sent', email: address.trim(), expiresInMinutes })
    },
    onError: (error, address) => {
      if (!(error instanceof SendCodeError) || error.code !== 'RESEND_TOO_SOON') return
      setResendAt(Date.now() + (error.retryAfterSeconds ?? otpResendSeconds) * 1000)
      setVerification({
        step: 'sent',
        email: address.trim(),
        expiresInMinutes: otpValidMinutes,
        recentlySent: true,
      })
    },
  })

  const verify = useMutation({
    mutationFn: ({ address, code }: { address: string; code: string }) => verifyCode(address, code),
    onSuccess: (answer, { address }) => {
      const expiresAt = Date.parse(answer.expiresAt)
      writeSession(proofKey, {
        email: address,
        proof: answer.proof,
        expiresAt: Number.isNaN(expiresAt) ? Date.now() + 10 * 60_000 : expiresAt,
      } satisfies Proof)
      setVerification({ step: 'verified', email: address, proof: answer.proof })
    },
  })

  const { reset: resetSend } = send
  const { reset: resetVerify } = verify
  const sentTo = verification.step === 'idle' ? undefined : verification.email
  const codeOutdated = verification.step === 'sent' && !sameAddress(verification.email, email)
  useEffect(() => {
    if (!codeOutdated) return
    // The wait is per address: a new address may have its code at once.
    setVerification({ step: 'idle' })
    setResendAt(0)
    resetSend()
    resetVerify()
  }, [codeOutdated, resetSend, resetVerify])

  /** Unlocks the address and forgets the proof: for another address, or when the server says it expired. */
  function restart() {
    forgetVerifiedEmail()
    setVerification({ step: 'idle' })
    resetSend()
    resetVerify()
  }

  return {
    verification,
    proof: verification.step === 'verified' ? verification.proof : undefined,
    resendIn,
    send: () => {
      resetVerify()
      send.mutate(email)
    },
    sending: send.isPending,
    sendError: send.error,
    verify: (code: string) => sentTo && verify.mutate({ address: sentTo, code }),
    verifying: verify.isPending,
    verifyError: verify.error,
    restart,
  }
}

export type EmailVerification = ReturnType<typeof useEmailVerification>
