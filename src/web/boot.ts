import './styles.css'

/**
 * The page's entry: its styles, then the app. A page the server rendered is already on screen
 * without the app's code, which only makes it interactive, so the code is fetched once a first frame
 * has been drawn: it does not compete with what draws the page (docs/decisions/015). Any other page needs the app to draw anything and fetches it
 * at once; its HTML preloads it.
 */
const startApp = () => import('./main.tsx')

if (document.getElementById('server-state')) requestAnimationFrame(() => setTimeout(startApp, 0))
else void startApp()
