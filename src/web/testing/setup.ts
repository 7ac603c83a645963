import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// Testing Library unmounts after each test only when test globals are on; ours are imported.
afterEach(cleanup)

// jsdom has no scrolling: React Router's scroll restoration scrolls the window on navigation, and
// the team's navigation brings the current page's link into view.
window.scrollTo = () => {}
Element.prototype.scrollIntoView = () => {}

// findBy… and waitFor wait 1 s by default; on a busy two-core CI machine, a lazily loaded page and
// its i18n catalog can take longer to appear. A wrong page still fails, only later.
configure({ asyncUtilTimeout: 5000 })
