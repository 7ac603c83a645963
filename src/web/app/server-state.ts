import type { DehydratedState } from '@tanstack/react-query'
import type { Language } from '../../shared/i18n.ts'

/**
 * What the server drew in the page's content area (docs/decisions/018): the page itself with its
 * data, a neutral skeleton for a page the browser draws, the not-found page (a 404), or the error
 * screen (a 500). The layout around it is always drawn.
 */
export type ServerSlot = 'page' | 'skeleton' | 'notFound' | 'error'

/** What the server hands the browser with a page it rendered, in `<script type="application/json" id="server-state">`. */
export interface ServerState {
  /** The language the HTML is in: the browser renders in it too, or hydration would not match. */
  language: Language
  /** The API answers the page was rendered from, so the browser does not ask for them again. */
  queries: DehydratedState
  /**
   * The message catalogs the page used, in its language, by namespace: the app starts with them
   * rather than fetching them, and fetches any other when it is first needed.
   */
  text: Record<string, Record<string, unknown>>
  slot: ServerSlot
  /** The error screen's text, for the `error` slot. */
  error?: string
}

export const serverStateElementId = 'server-state'
