import type { Meta, StoryObj } from '@storybook/react-vite'
import { describeDelegation } from '../../../stack/secure-site/frame/eip7702.ts'
import { parseDelegationRequest } from '../../../stack/secure-site/eip7702-request.ts'
import { armed, BothThemes } from './secure-panel.fixtures.tsx'

/**
 * Issue 29 part 2: the secure site's approval panel for an EIP-7702 authorization, as the frame draws it (its own
 * DOM code and CSS, in an iframe like the real one), in light and dark. Offline: nothing is signed; the visibility
 * check of issue 26 item 3 is fed "visible" so Approve is armed as the user sees it after one second.
 */
const meta = { title: 'Secure site/Authorization panel (EIP-7702)', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const DELEGATE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const delegation = (address: string) => ({
  method: 'portico_setDelegation',
  description: describeDelegation(parseDelegationRequest([{ chainId: '0x7a69', address }])),
  label: 'Authorization panel',
})

/** Upgrade: what delegation means, the delegate's name and address, the risk, the chain, how to undo it. */
export const Upgrade: Story = { render: () => <BothThemes {...delegation(DELEGATE)} />, play: ({ canvasElement }) => armed(canvasElement, 'Upgrade account') }

/** Revoke: an authorization to address 0 clears the account's code. */
export const Revoke: Story = {
  render: () => <BothThemes {...delegation('0x0000000000000000000000000000000000000000')} />,
  play: ({ canvasElement }) => armed(canvasElement, 'Revoke account upgrade'),
}
