import type { Meta, StoryObj } from '@storybook/react-vite'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { ApproveTransactionCard } from './ApproveTransactionCard.tsx'

// Offline by construction: the box the secure site's approval panel is shown over (the iframe itself is not here).

const meta = { title: 'Views/ApproveTransaction', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

/** A signing request waits: the secure site's panel covers this box. */
export const Waiting: Story = { render: () => <ThemeFrame>{() => <ApproveTransactionCard method="eth_sendTransaction" />}</ThemeFrame> }
/** Nothing to approve. */
export const Idle: Story = { render: () => <ThemeFrame>{() => <ApproveTransactionCard />}</ThemeFrame> }
