import type { BrowserContext } from 'playwright-core'
import type { CartItem } from '../../../src/shared/cart.ts'

/**
 * Starts the visitor's pages with these lines in the stored cart, once per tab: a reload or a page
 * the app moves to keeps what the visitor made of the cart since.
 */
export async function withCart(context: BrowserContext, items: CartItem[]) {
  await context.addInitScript((cart) => {
    if (!sessionStorage.getItem('cart-seeded')) {
      localStorage.setItem('cart', cart)
      sessionStorage.setItem('cart-seeded', '1')
    }
  }, JSON.stringify(items))
}
