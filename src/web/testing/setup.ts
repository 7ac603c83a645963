import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

// Testing Library unmounts after each test only when test globals are on; ours are imported.
afterEach(cleanup)

// jsdom has no scrolling; React Router's scroll restoration calls it on navigation.
window.scrollTo = () => {}
