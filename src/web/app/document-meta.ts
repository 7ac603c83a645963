import type { Language } from '../../shared/i18n.ts'
import { type PageMeta, pageMeta } from '../../shared/page-meta.ts'
import { matchPage } from '../../shared/route-manifest.ts'

/**
 * The document's title and description after an in-app move. Every page's title in both languages
 * is too much text for the first download, and the server already wrote the first page's into its
 * HTML, so the layout loads this module only when the visitor moves to another page.
 */
export function setDocumentMeta(meta: PageMeta) {
  document.title = meta.title
  document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description)
}

/** Sets the metadata of the page at `pathname`; a venue page names itself once it has its venue. */
export function showPageMeta(pathname: string, language: Language) {
  const { page } = matchPage(pathname)
  if (page !== 'gym') setDocumentMeta(pageMeta(page, language))
}
