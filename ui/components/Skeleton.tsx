import { lazyStyles } from './lazy-styles.ts'

export interface SkeletonProps {
  /** CSS width. @default '100%' */
  width?: number | string
  /** CSS height. @default 16 */
  height?: number | string
  /** @default 'sm' */
  shape?: 'sm' | 'md' | 'circle'
}

const radius = { sm: 'var(--portico-radius-sm)', md: 'var(--portico-border-radius)', circle: '50%' } as const

/** A loading placeholder. Hidden from assistive technology: the container sets aria-busy instead. */
export function Skeleton({ width = '100%', height = 16, shape = 'sm' }: SkeletonProps) {
  return <span ref={lazyStyles} className="portico-skeleton" aria-hidden="true" style={{ width, height, borderRadius: radius[shape] }} />
}
