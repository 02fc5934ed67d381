// [8] The namespace slot of the Account view: chain-specific data under the account, shown only on your namespace.
import { Button, Stack, Text } from 'portico/components'
import { useAccount, useModalInstance } from 'portico/react'

export default function ExampleDetails() {
  const account = useAccount({ namespace: 'example' })
  const modal = useModalInstance()
  return (
    <Stack gap={2} align="center">
      <Text tone="muted">{`${account.allAccounts.length} accounts in this wallet`}</Text>
      <Button variant="secondary" onClick={() => modal.router.push('ExampleAccounts', { focus: account.address })}>
        See all accounts
      </Button>
    </Stack>
  )
}
