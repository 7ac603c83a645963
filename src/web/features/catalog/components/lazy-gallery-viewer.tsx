import { type ComponentProps, lazy, Suspense, useState } from 'react'

// The full-screen gallery and its dialog library load the first time a visitor opens it: every
// card and venue page has one, and the page is interactive sooner without it (bench/pages.ts).
const GalleryViewer = lazy(() => import('./gallery-viewer.tsx').then((m) => ({ default: m.GalleryViewer })))

/**
 * The gallery, mounted from its first opening on: it stays mounted when closed, so its dialog can
 * give focus back to the image that opened it.
 */
export function LazyGalleryViewer(props: ComponentProps<typeof GalleryViewer>) {
  const [wanted, setWanted] = useState(false)
  if (props.open && !wanted) setWanted(true)
  if (!wanted && !props.open) return null
  return (
    <Suspense>
      <GalleryViewer {...props} />
    </Suspense>
  )
}
