import { useEffect, useLayoutEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

const positions = new Map<string, number>()

/**
 * A new page opens at its top (or at its `#anchor`); Back and Forward return to where the visitor
 * was on that entry. The browser does this itself for full page loads, but not for in-app moves.
 */
export function useScrollRestoration() {
  const location = useLocation()
  const navigationType = useNavigationType()

  useEffect(() => {
    let frame = 0
    const remember = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => positions.set(location.key, window.scrollY))
    }
    window.addEventListener('scroll', remember, { passive: true })
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', remember)
    }
  }, [location.key])

  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      const saved = positions.get(location.key)
      if (saved !== undefined) window.scrollTo(0, saved)
      return
    }
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [location.key, location.hash, navigationType])
}
