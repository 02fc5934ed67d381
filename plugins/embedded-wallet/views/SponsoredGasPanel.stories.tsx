import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor } from 'storybook/test'
import { describeRequest, sponsorRows, type Sponsorship } from '../../../stack/secure-site/frame/describe.ts'
import { parseSigningRequest } from '../../../stack/secure-site/requests.ts'
import { armed, BothThemes } from './secure-panel.fixtures.tsx'

/**
 * Issue 29 part 1: the secure site's approval panel for a smart account's transaction whose gas the app's paymaster
 * pays ("Gas paid by <app>"), and the fallback when the sponsor declines (the user pays; the sponsor's reason shown),
 * as the frame draws it, in light and dark.
 */
const meta = { title: 'Secure site/Approval panel (sponsored gas)', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const APPROVE = `0x095ea7b3${SPENDER.slice(2).toLowerCase().padStart(64, '0')}${'0'.repeat(63)}1`

function approval(sponsorship: Sponsorship) {
  const description = describeRequest(parseSigningRequest('eth_sendTransaction', [{ to: USDC, data: APPROVE }]), 31337)
  description.rows.unshift(...sponsorRows(sponsorship, { name: 'Portico demo', origin: 'http://127.0.0.1:5173' }))
  return { method: 'eth_sendTransaction', description, label: 'Approval panel' }
}

/** The Gas row's text in both panels. */
async function gasRow(canvasElement: HTMLElement, text: string) {
  await waitFor(() => {
    for (const f of canvasElement.querySelectorAll('iframe')) expect(f.contentDocument!.body.textContent).toContain(text)
  })
}

/** The paymaster accepted the operation: "Gas paid by Portico demo". */
export const Sponsored: Story = {
  render: () => <BothThemes {...approval({ status: 'sponsored' })} />,
  play: async ({ canvasElement }) => {
    await armed(canvasElement, 'Approve transaction')
    await gasRow(canvasElement, 'Gas paid by Portico demo')
  },
}

/** The sponsor declined (outside its policy): a warning that the user pays, with the sponsor's reason; Approve stays. */
export const Declined: Story = {
  render: () => <BothThemes {...approval({ status: 'refused', message: 'call to 0x5FbD…0aa3 is outside the policy' })} />,
  play: async ({ canvasElement }) => {
    await armed(canvasElement, 'Approve transaction')
    await gasRow(canvasElement, 'You pay the gas: the sponsor declined this transaction (call to 0x5FbD…0aa3 is outside the policy)')
  },
}
