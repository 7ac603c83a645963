import PDFDocument from 'pdfkit'
import { formatDisplayDate, todayInBahrain } from '../../../shared/bahrain-time.ts'
import { directionOf, type Language } from '../../../shared/i18n.ts'
import { formatBhd } from '../../../shared/money.ts'
import { paymentMethodText, type Receipt, receiptWords, referenceText } from '../../../shared/receipts.ts'
import { drawLine, type LineStyle, wrapText } from './pdf-line.ts'

const page = { width: 595.28, height: 841.89, margin: 48 }
const inner = page.width - 2 * page.margin

/** The table's columns, from the reading start: pass, quantity, price, VAT, amount (as fractions of the width). */
const columns = [
  { key: 'pass', share: 0.38 },
  { key: 'quantity', share: 0.1 },
  { key: 'price', share: 0.16 },
  { key: 'vat', share: 0.18 },
  { key: 'amount', share: 0.18 },
] as const

/**
 * The receipts of an order as a PDF, one page per seller, in the visitor's language: in Arabic the
 * page reads from the right (columns mirrored, lines right-aligned) and every line is laid out by
 * the bidirectional algorithm with its letters shaped (pdf-line.ts).
 */
export function receiptPdf(receipts: readonly Receipt[], language: Language): Promise<Buffer> {
  const words = receiptWords[language]
  const direction = directionOf(language)
  const doc = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    autoFirstPage: false,
    info: { Title: words.receipt, Creator: 'DayPass Bahrain', Producer: 'DayPass Bahrain' },
    lang: language,
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  for (const receipt of receipts) {
    doc.addPage()
    let y = page.margin
    /** A line across the page, from the reading start. */
    const line = (text: string, style: Partial<LineStyle> = {}) => {
      const size = style.size ?? 10.5
      drawLine(doc, text, {
        x: page.margin,
        y,
        width: inner,
        size,
        align: direction === 'rtl' ? 'right' : 'left',
        direction,
        ...style,
      })
      y += size * 1.6
    }
    /** A cell of the table: its column mirrored in Arabic, numbers at the column's far end. */
    const columnWidth = (column: (typeof columns)[number]['key']) =>
      (columns.find((each) => each.key === column)?.share ?? 0) * inner - 8
    const cell = (column: (typeof columns)[number]['key'], text: string, bold = false) => {
      let start = 0
      for (const each of columns) {
        if (each.key === column) break
        start += each.share
      }
      const width = columnWidth(column) + 8
      const fromLeft = direction === 'rtl' ? inner - start * inner - width : start * inner
      const numeric = column !== 'pass'
      const towardsEnd = numeric ? direction === 'ltr' : direction === 'rtl'
      drawLine(doc, text, {
        x: page.margin + fromLeft + 4,
        y,
        width: width - 8,
        size: 9.5,
        bold,
        align: towardsEnd ? 'right' : 'left',
        direction,
      })
    }
    const rule = () => {
      doc
        .moveTo(page.margin, y - 4)
        .lineTo(page.width - page.margin, y - 4)
        .lineWidth(0.5)
        .strokeColor('#999999')
        .stroke()
    }

    const registered = receipt.seller.vatNumber !== null
    line(registered ? words.taxInvoice : words.receipt, { size: 18, bold: true })
    y += 6
    line(receipt.seller.name[language], { size: 13, bold: true })
    if (receipt.seller.address[language]) line(receipt.seller.address[language])
    line(registered ? `${words.vatNumber}: ${receipt.seller.vatNumber}` : words.notRegistered)
    y += 6
    line(`${words.receiptNumber}: ${receipt.number}`)
    line(`${words.date}: ${formatDisplayDate(todayInBahrain(new Date(receipt.paidAt)))}`)
    y += 12

    /** The table of lines under its header row, between two rules. */
    const tableRows = (items: Receipt['lines']) => {
      cell('pass', words.pass, true)
      cell('quantity', words.quantity, true)
      cell('price', words.price, true)
      if (registered) cell('vat', words.vatColumn, true)
      cell('amount', words.lineTotal, true)
      y += 18
      rule()
      for (const item of items) {
        cell('quantity', String(item.quantity))
        cell('price', formatBhd(item.unitPriceFils, language))
        if (item.vatFils !== null) cell('vat', formatBhd(item.vatFils, language))
        cell('amount', formatBhd(item.totalFils, language))
        // A long pass name wraps within its column.
        for (const text of wrapText(doc, item.pass[language], columnWidth('pass'), {
          size: 9.5,
          direction,
        })) {
          cell('pass', text)
          y += 14
        }
        cell('pass', `${words.visit}: ${formatDisplayDate(item.date)} ${item.time}`)
        y += 20
      }
      rule()
      y += 4
    }
    tableRows(receipt.lines)
    line(`${words.total}: ${formatBhd(receipt.totalFils, language)}`, { size: 12, bold: true })
    if (receipt.vatFils !== null) {
      line(`${words.totalVat}: ${formatBhd(receipt.vatFils, language)}`)
      line(words.pricesIncludeVat, { size: 9, color: '#555555' })
    }
    y += 8
    line(`${words.paymentMethod}: ${paymentMethodText(receipt.payment, language)}`)
    line(`${words.reference}: ${referenceText(receipt.reference)}`, { size: 9 })
    // The refunds since, each a credit note of its own under the receipt, never a change to it.
    for (const note of receipt.creditNotes) {
      if (y > page.height - 220) {
        doc.addPage()
        y = page.margin
      } else y += 18
      rule()
      y += 6
      line(`${words.creditNote} ${note.number}`, { size: 14, bold: true })
      line(words.creditNoteFor.replace('{number}', () => receipt.number))
      line(`${words.date}: ${formatDisplayDate(todayInBahrain(new Date(note.issuedAt)))}`)
      y += 6
      tableRows(note.lines)
      line(`${words.totalRefunded}: ${formatBhd(note.totalFils, language)}`, { size: 12, bold: true })
      if (note.vatFils !== null) line(`${words.totalVat}: ${formatBhd(note.vatFils, language)}`)
      line(words.refundStatus[note.refundStatus], { size: 9, color: '#555555' })
    }
  }
  doc.end()
  return done
}
