import type { Meta, StoryObj } from '@storybook/react-vite'
import { bothThemes } from '../../storybook/ThemeFrame.tsx'
import { Button } from './Button.tsx'
import { Actions, KeyValueList, Stack, Text } from './Layout.tsx'

/** The layout and text primitives every view is built from (docs/DESIGN-LANGUAGE.md). */
const meta = { title: 'Components/Layout', decorators: [bothThemes] } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

export const TypeScale: Story = {
  render: () => (
    <Stack gap={2}>
      <Text variant="title">Title: Connect Wallet</Text>
      <Text>Body: Accept connection request in the wallet</Text>
      <Text variant="caption" tone="muted">Caption, muted: Ethereum · 0xf3…b92266</Text>
      <Text tone="error">Error: User rejected the request.</Text>
      <Text tone="success">Success: Copied</Text>
    </Stack>
  ),
}

/** Amounts per SPEC §9 through Intl.NumberFormat: 3 decimals truncated, grouped per locale, "<0.001", signs. */
export const Amounts: Story = {
  render: () => (
    <KeyValueList
      label="Amounts"
      items={[
        { label: 'en-US', value: '1,234.567 ETH' },
        { label: 'de-DE', value: '1.234,567 ETH' },
        { label: 'Tiny claim', value: <span className="portico-amount" data-direction="in">+&lt;0.001 USDC</span> },
        { label: 'Withdraw', value: <span className="portico-amount" data-direction="out">-5.5 USDC</span> },
      ]}
    />
  ),
}

export const StackAndActions: Story = {
  render: () => (
    <Stack gap={4}>
      <Stack row>
        <Text className="portico-grow" truncate>
          A row whose text is far too long to fit and ends with an ellipsis
        </Text>
        <Button variant="secondary">Max</Button>
      </Stack>
      <Actions>
        <Button>Retry</Button>
        <Button variant="secondary">Cancel</Button>
      </Actions>
    </Stack>
  ),
}
