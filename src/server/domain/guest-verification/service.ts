import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { otpMaxAttempts, otpResendSeconds, otpValidMinutes } from '../../../shared/checkout.ts'
import type { Language } from '../../../shared/i18n.ts'
import type { Database } from '../../platform/db/database.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { enqueueMail } from '../../platform/mail/outbox.ts'
import { type GuestProof, issueGuestProof } from './proof.ts'
import {
  consumeCode,
  countWrongGuess,
  insertCode,
  latestCode,
  lockAddress,
  retireUnspentCodes,
} from './repository.ts'

/** Codes are per address, whatever its capitalisation. */
export function normalize(email: string): string {
  return email.trim().toLowerCase()
}

/** A refused code: a 400 with its code also under the `code` field, which the checkout form shows it by. */
function invalidCode(code: 'INVALID_CODE' | 'TOO_MANY_TRIES' | 'CODE_EXPIRED'): HttpError {
  return new HttpError(400, code, { fields: { code } })
}

export class ResendTooSoonError extends HttpError {
  constructor(readonly waitSeconds: number) {
    super(429, 'RESEND_TOO_SOON', { params: { seconds: waitSeconds } })
  }
}

/**
 * One-time codes that prove a guest controls an e-mail address (docs/decisions/012): six digits from a
 * CSPRNG, kept only as a keyed hash, valid 10 minutes, spent by one right guess or five wrong ones.
 */
export class GuestVerificationService {
  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  /** Seconds before the address may be sent another code; 0 when it may be now. */
  async resendWait(address: string): Promise<number> {
    return this.waitAfter(await latestCode(this.db, normalize(address)))
  }

  /** Sends a fresh code, which replaces any unspent one. */
  async sendCode(address: string, language: Language): Promise<void> {
    const email = normalize(address)
    const code = String(randomInt(100_000, 1_000_000))
    await this.db.transaction().execute(async (trx) => {
      await lockAddress(trx, email)
      // Checked again under the lock: a parallel request may have sent one since resendWait.
      const wait = this.waitAfter(await latestCode(trx, email))
      if (wait > 0) throw new ResendTooSoonError(wait)
      const now = this.now()
      await retireUnspentCodes(trx, email, now)
      await insertCode(trx, {
        email,
        codeHash: this.hash(email, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + otpValidMinutes * 60_000),
      })
      // The code sits in the outbox payload, which never leaves the server except as this mail.
      await enqueueMail(trx, { template: 'guest-verification-code', to: email, language, payload: { code } })
    })
  }

  /** Spends the address's code if `code` is it, and returns the proof the guest order needs. */
  async verifyCode(address: string, code: string): Promise<GuestProof> {
    const email = normalize(address)
    const outcome = await this.db.transaction().execute(async (trx) => {
      // The row lock makes parallel guesses take turns, so none is left uncounted.
      const row = await latestCode(trx, email, { forUpdate: true })
      const now = this.now()
      if (!row) return invalidCode('INVALID_CODE')
      if (row.attempts >= otpMaxAttempts) return invalidCode('TOO_MANY_TRIES')
      if (row.consumed_at) return invalidCode('INVALID_CODE')
      if (row.expires_at.getTime() <= now.getTime()) return invalidCode('CODE_EXPIRED')
      if (!this.matches(row.code_hash, email, code)) {
        const attempts = await countWrongGuess(trx, row.id)
        return attempts >= otpMaxAttempts ? invalidCode('TOO_MANY_TRIES') : invalidCode('INVALID_CODE')
      }
      await consumeCode(trx, row.id, now)
      return issueGuestProof(this.secret, email, now)
    })
    // Thrown after the transaction, so the counted wrong guess is committed, not rolled back.
    if (outcome instanceof HttpError) throw outcome
    return outcome
  }

  private waitAfter(row: { created_at: Date } | undefined): number {
    if (!row) return 0
    const elapsedMs = this.now().getTime() - row.created_at.getTime()
    return Math.max(0, Math.ceil((otpResendSeconds * 1000 - elapsedMs) / 1000))
  }

  /** Keyed with the server's secret and bound to the address, so a leaked table gives no codes. */
  private hash(email: string, code: string): string {
    return createHmac('sha256', this.secret).update(`guest-code|${email}|${code}`).digest('hex')
  }

  private matches(storedHash: string, email: string, code: string): boolean {
    const stored = Buffer.from(storedHash, 'hex')
    const given = Buffer.from(this.hash(email, code), 'hex')
    return stored.length === given.length && timingSafeEqual(stored, given)
  }
}
