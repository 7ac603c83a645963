import './styles.css'
import { appCodeTemplateId } from '../shared/app-code.ts'
import { replayEarlyEvents } from './early-events.ts'

/**
 * The page's entry: its styles, then the app. A page the server drew whole is already on screen
 * without the app's code, which only makes it interactive, so the code is fetched once the page has
 * been painted: it does not compete with what draws the page (docs/decisions/015 and 018). React's
 * renderer is set up in a task of its own, before the app's modules (src/web/app/dom-renderer.ts). Taps made
 * until then are held and replayed (src/web/early-events.ts). A page drawn as a skeleton needs the
 * app to show anything and fetches it at once; its HTML preloads it. If the app cannot be had, the
 * held taps are let through, so links and forms still work as plain HTML.
 */
const startApp = async () => {
  fetchThePagesCode()
  try {
    await import('./app/dom-renderer.ts')
    await nextTask()
    return await import('./main.tsx')
  } catch (error) {
    replayEarlyEvents()
    throw error
  }
}

/** Lets the browser handle a tap or draw a frame between two pieces of the app's start. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * A drawn page lists the app's code and its own (src/server/platform/http/page-preloads.ts): fetched
 * together, they arrive in one wait instead of two (the app, then the page's module it imports). Its
 * text is in the page.
 */
function fetchThePagesCode() {
  const list = document.getElementById(appCodeTemplateId)
  if (list instanceof HTMLTemplateElement) document.head.append(list.content)
}

/**
 * Runs `start` once the browser has painted the page, in the frame or callback that finds it out (a
 * task later was some 30 ms later on the slowed CPU). A frame callback alone is not enough: a
 * browser may run it before its first paint (it did, measured in Chromium), and the app's code then
 * competes with the page's own. Where paint timing is missing, the next frame; if no paint is reported (a
 * page opened in the background), the app starts anyway after a while.
 */
function afterFirstPaint(start: () => void) {
  let started = false
  const once = () => {
    if (started) return
    started = true
    start()
  }
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(once)
    return
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    once()
  })
  observer.observe({ type: 'paint', buffered: true })
  // The observer is told late on a busy phone (its callbacks wait behind the page's own work, a
  // few hundred ms measured): the entry is looked for at each frame too.
  const eachFrame = () => {
    if (started) return
    if (performance.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect()
      once()
    } else requestAnimationFrame(eachFrame)
  }
  requestAnimationFrame(eachFrame)
  setTimeout(once, 3000)
}

const state = document.getElementById('server-state')
if (state && !state.hasAttribute('data-skeleton')) afterFirstPaint(startApp)
else void startApp()
