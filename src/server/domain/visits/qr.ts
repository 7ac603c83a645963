import QRCode from 'qrcode'

/**
 * The ticket's QR code, drawn on the server so neither a mail nor the visitor's page has to load it
 * from anywhere. Error correction M survives a scuffed phone screen; the quiet zone is the
 * standard's four modules, which scanners need to find the code.
 */
const options = { errorCorrectionLevel: 'M', margin: 4 } as const

/** A PNG for mail, where SVG is not shown by most clients. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...options, type: 'png', width: 360 })
}

/** An SVG for the web ticket: sharp at any size and brightness. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...options, type: 'svg' })
}
