// [8] A view of your namespace: a lazily loaded .tsx module whose default export is the component. It reads the modal
// through portico/react's hooks and renders portico/components, so it looks and behaves like the modal's own views.
import type { ViewProps } from 'portico'
import { ListItem, Stack, Text } from 'portico/components'
import { useAccount, useModalInstance } from 'portico/react'

export default function ExampleAccounts({ params }: ViewProps<'ExampleAccounts'>) {
  const account = useAccount({ namespace: 'example' })
  const modal = useModalInstance()
  if (!account.isConnected) return <Text tone="muted">Connect an Example wallet first.</Text>
  return (
    <Stack gap={2}>
      {account.allAccounts.map(({ address }) => (
        <ListItem
          key={address}
          label={address}
          tag={address === (params.focus ?? account.address) ? 'current' : undefined}
          onClick={() => modal.router.goBack()}
        />
      ))}
    </Stack>
  )
}
