import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { formatDisplayDate, todayInBahrain } from '../../../../shared/bahrain-time.ts'
import { formatBhd } from '../../../../shared/money.ts'
import {
  type CreditNote,
  paymentMethodText,
  type Receipt,
  receiptPdfPath,
  receiptWords,
  referenceText,
} from '../../../../shared/receipts.ts'
import { pagePath } from '../../../../shared/route-manifest.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { useErrorText } from '../../../lib/error-text.ts'
import { BookingListSkeleton } from '../components/booking-list-skeleton.tsx'
import { useReceipts } from '../receipt-api.ts'

/**
 * An order's receipts (docs/receipts.md): the account's at /bookings/orders/:orderId/receipt, a
 * guest's at /booking/:token/receipt. One per venue, in the visitor's language, with the PDF to
 * download; an order with nothing paid yet says so.
 */
export function ReceiptPage() {
  const { orderId, token } = useParams()
  const owner = token ? { token } : { orderId: orderId ?? '' }
  const { i18n } = useTranslation()
  const language = i18n.language === 'ar' ? 'ar' : 'en'
  const words = receiptWords[language]
  const errorText = useErrorText()
  const receipts = useReceipts(owner)
  const back = token
    ? pagePath('manageBooking', { token })
    : pagePath('bookingOrder', { orderId: orderId ?? '' })

  return (
    <div className="container-page max-w-2xl py-8">
      <h1 className="font-display text-2xl font-bold text-brand-950">{words.title}</h1>
      <p className="mt-2 text-sm">
        <Link to={back} className="font-semibold text-brand-700 hover:underline">
          {words.back}
        </Link>
      </p>
      {receipts.isPending ? (
        <div className="mt-6">
          <BookingListSkeleton />
        </div>
      ) : receipts.isError ? (
        <p role="alert" className="mt-6 rounded-card bg-white p-6 text-ink shadow-card">
          {receipts.error instanceof ApiError && receipts.error.code === 'RECEIPT_NOT_AVAILABLE'
            ? words.none
            : errorText.of(receipts.error)}
        </p>
      ) : (
        <>
          {receipts.data.receipts.map((receipt) => (
            <ReceiptCard key={receipt.number + receipt.venueId} receipt={receipt} language={language} />
          ))}
          <p className="mt-6">
            <a
              href={receiptPdfPath(owner)}
              download
              className="inline-flex min-h-11 items-center rounded-full bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900"
            >
              {words.download}
            </a>
          </p>
        </>
      )}
    </div>
  )
}

function ReceiptCard({ receipt, language }: { receipt: Receipt; language: 'en' | 'ar' }) {
  const words = receiptWords[language]
  const money = (fils: number) => formatBhd(fils, language)
  const registered = receipt.seller.vatNumber !== null
  return (
    <section
      aria-labelledby={`receipt-${receipt.venueId}`}
      className="mt-6 rounded-card bg-white p-5 text-ink shadow-card"
      data-receipt={receipt.number}
    >
      <p className="text-sm font-semibold uppercase text-muted">
        {registered ? words.taxInvoice : words.receipt}
      </p>
      <h2 id={`receipt-${receipt.venueId}`} className="mt-1 text-lg font-bold text-brand-950">
        {receipt.seller.name[language]}
      </h2>
      {receipt.seller.address[language] && (
        <p className="text-sm text-muted">{receipt.seller.address[language]}</p>
      )}
      <p className="mt-1 text-sm">
        {registered ? (
          <>
            {words.vatNumber}: <span dir="ltr">{receipt.seller.vatNumber}</span>
          </>
        ) : (
          words.notRegistered
        )}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{words.receiptNumber}</dt>
        <dd dir="ltr" className="text-start">
          {receipt.number}
        </dd>
        <dt className="text-muted">{words.date}</dt>
        <dd dir="ltr" className="text-start">
          {formatDisplayDate(todayInBahrain(new Date(receipt.paidAt)))}
        </dd>
      </dl>
      <ReceiptLines lines={receipt.lines} language={language} />
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-brand-900/10 pt-3 text-sm">
        <dt className="font-bold text-brand-950">{words.total}</dt>
        <dd className="text-end font-bold text-brand-950 whitespace-nowrap">
          <bdi>{money(receipt.totalFils)}</bdi>
        </dd>
        {receipt.vatFils !== null && (
          <>
            <dt className="text-muted">{words.totalVat}</dt>
            <dd className="text-end whitespace-nowrap">
              <bdi>{money(receipt.vatFils)}</bdi>
            </dd>
          </>
        )}
        <dt className="text-muted">{words.paymentMethod}</dt>
        <dd className="text-end">{paymentMethodText(receipt.payment, language)}</dd>
        <dt className="text-muted">{words.reference}</dt>
        <dd dir="ltr" className="text-end break-all font-mono text-xs">
          {referenceText(receipt.reference)}
        </dd>
      </dl>
      {receipt.creditNotes.map((note) => (
        <CreditNoteSection key={note.number} note={note} receiptNumber={receipt.number} language={language} />
      ))}
    </section>
  )
}

/**
 * A refund since the receipt was issued (ADR 050): a note of its own under it, never a change to
 * the receipt's lines or total.
 */
function CreditNoteSection({
  note,
  receiptNumber,
  language,
}: {
  note: CreditNote
  receiptNumber: string
  language: 'en' | 'ar'
}) {
  const words = receiptWords[language]
  const money = (fils: number) => formatBhd(fils, language)
  const [before, after] = words.creditNoteFor.split('{number}')
  return (
    <section
      aria-label={`${words.creditNote} ${note.number}`}
      className="mt-6 border-t-2 border-dashed border-brand-900/20 pt-4"
      data-credit-note={note.number}
    >
      <h3 className="font-bold text-brand-950">
        {words.creditNote} <bdi dir="ltr">{note.number}</bdi>
      </h3>
      <p className="text-sm text-muted">
        {before}
        <bdi dir="ltr">{receiptNumber}</bdi>
        {after}
      </p>
      <p className="text-sm">
        {words.date}: <bdi dir="ltr">{formatDisplayDate(todayInBahrain(new Date(note.issuedAt)))}</bdi>
      </p>
      <ReceiptLines lines={note.lines} language={language} />
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t border-brand-900/10 pt-3 text-sm">
        <dt className="font-bold text-brand-950">{words.totalRefunded}</dt>
        <dd className="text-end font-bold text-brand-950 whitespace-nowrap">
          <bdi>{money(note.totalFils)}</bdi>
        </dd>
        {note.vatFils !== null && (
          <>
            <dt className="text-muted">{words.totalVat}</dt>
            <dd className="text-end whitespace-nowrap">
              <bdi>{money(note.vatFils)}</bdi>
            </dd>
          </>
        )}
      </dl>
      <p className="mt-2 text-sm text-muted">{words.refundStatus[note.refundStatus]}</p>
    </section>
  )
}

/** A line per party: a list rather than a table, so the VAT column fits a phone. */
function ReceiptLines({ lines, language }: { lines: Receipt['lines']; language: 'en' | 'ar' }) {
  const words = receiptWords[language]
  const money = (fils: number) => formatBhd(fils, language)
  return (
    <ul className="mt-4 divide-y divide-brand-900/10 border-t border-brand-900/10">
      {lines.map((line) => (
        <li key={`${line.pass.en}|${line.date}|${line.time}|${line.unitPriceFils}`} className="py-3 text-sm">
          <p className="font-semibold">{line.pass[language]}</p>
          <p className="text-muted">
            {words.visit}:{' '}
            <bdi dir="ltr">
              {formatDisplayDate(line.date)} {line.time}
            </bdi>
          </p>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            <dt className="text-muted">{words.quantity}</dt>
            <dd className="text-end">{line.quantity}</dd>
            <dt className="text-muted">{words.price}</dt>
            <Amount fils={line.unitPriceFils} money={money} />
            {line.vatFils !== null && (
              <>
                <dt className="text-muted">{words.vatIncluded}</dt>
                <Amount fils={line.vatFils} money={money} />
              </>
            )}
            <dt className="font-semibold">{words.lineTotal}</dt>
            <Amount fils={line.totalFils} money={money} bold />
          </dl>
        </li>
      ))}
    </ul>
  )
}

/** An amount kept whole: "10.000 د.ب" must not run into the next cell's digits. */
function Amount({ fils, money, bold }: { fils: number; money: (fils: number) => string; bold?: boolean }) {
  return (
    <dd className={`text-end whitespace-nowrap${bold ? ' font-semibold' : ''}`}>
      <bdi>{money(fils)}</bdi>
    </dd>
  )
}
