import { extractText, getDocumentProxy } from 'unpdf'

/** The text of a PDF, page by page, as a reader that copies or indexes it gets it (pdf.js). */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const { text } = await extractText(pdf, { mergePages: false })
  return text
}

/** Without spaces and line ends: pdf.js guesses the spaces between right-to-left words from gaps. */
export function withoutSpaces(text: string): string {
  return text.replace(/\s+/g, '')
}
