import { Suspense, useEffect, useState, type ReactNode } from 'react'
import { createMemoryAdapter, createModal } from 'portico'
import { PorticoProvider } from 'portico/react'

/**
 * A bare modal around the presentational views in stories and tests: their labels come from the catalogues through
 * the modal's locale (English unless `locale` says otherwise). No plugins, no network.
 */
export function StoryModal({ locale = 'en', children }: { locale?: string; children?: ReactNode }) {
  const [modal] = useState(() => createModal({ storage: createMemoryAdapter(), locale }))
  useEffect(() => () => modal.destroy(), [modal])
  return (
    <PorticoProvider modal={modal}>
      <Suspense fallback={null}>{children}</Suspense>
    </PorticoProvider>
  )
}
