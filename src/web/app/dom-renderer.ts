/**
 * React's DOM renderer, which sets itself up as it is first imported: some 100 ms of a slowed phone's
 * CPU, as much as evaluating all of the app's own modules. The entry imports it alone, then lets the
 * browser breathe before it imports the app (src/web/boot.ts), so that neither is one long task that
 * a tap waits behind. It is in the `shell-libraries` chunk (vite.config.ts), with React.
 */
export { createRoot, hydrateRoot } from 'react-dom/client'
