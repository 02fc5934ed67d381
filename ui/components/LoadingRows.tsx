import { Skeleton } from './Skeleton.tsx'
import { Stack } from './Layout.tsx'

/** Skeleton rows while a tab loads: a busy group named after what loads (a bare div may not carry a name). */
export function LoadingRows({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap={2} role="group" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={44} shape="md" />
      ))}
    </Stack>
  )
}
