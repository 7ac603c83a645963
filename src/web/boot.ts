import './styles.css'
import { replayEarlyEvents } from './early-events.ts'

/**
 * The page's entry: its styles, then the app. A page the server drew whole is already on screen
 * without the app's code, which only makes it interactive, so the code is fetched once a first frame
 * has been drawn: it does not compete with what draws the page (docs/decisions/015); taps made until
 * then are held and replayed (src/web/early-events.ts, docs/decisions/018). A page drawn as a
 * skeleton needs the app to show anything and fetches it at once; its HTML preloads it. If the app
 * cannot be had, the held taps are let through, so links and forms still work as plain HTML.
 */
const startApp = () =>
  import('./main.tsx').catch((error: unknown) => {
    replayEarlyEvents()
    throw error
  })

const state = document.getElementById('server-state')
if (state && !state.hasAttribute('data-skeleton')) requestAnimationFrame(() => setTimeout(startApp, 0))
else void startApp()
