import './styles.css'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { CartProvider } from './features/cart/cart-context.tsx'
import { initI18n } from './i18n.ts'
import { createRouter } from './router.tsx'

initI18n()
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } })
const router = createRouter()

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <CartProvider>
        <Suspense>
          <RouterProvider router={router} />
        </Suspense>
      </CartProvider>
    </QueryClientProvider>
  </StrictMode>,
)
