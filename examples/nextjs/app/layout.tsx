import type { ReactNode } from 'react'
import { porticoCookies } from './cookies'
import { Providers } from './providers'

export const metadata = { title: 'Portico on Next.js' }

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { cookie, remembered } = await porticoCookies()
  return (
    <html lang="en">
      <body>
        <Providers cookie={cookie} remembered={remembered}>
          {children}
        </Providers>
      </body>
    </html>
  )
}
