import type { DehydratedState } from '@tanstack/react-query'
import type { Language } from '../../shared/i18n.ts'

/** What the server hands the browser with a page it rendered, in `<script type="application/json" id="server-state">`. */
export interface ServerState {
  /** The language the HTML is in: the browser renders in it too, or hydration would not match. */
  language: Language
  /** The API answers the page was rendered from, so the browser does not ask for them again. */
  queries: DehydratedState
  /** The message catalogs the page used, loaded before hydrating. */
  namespaces: string[]
}

export const serverStateElementId = 'server-state'
