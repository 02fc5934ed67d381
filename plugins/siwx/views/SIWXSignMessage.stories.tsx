import type { Meta, StoryObj } from '@storybook/react-vite'
import { ErrorText } from 'portico'
import { sampleAddress } from '../../../storybook/fixtures.ts'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { SiwxSignMessageCard, type SiwxSignMessageCardProps } from './SiwxSignMessageCard.tsx'

// Offline by construction: the presentational half of SIWXSignMessage with fixed states (no modal, no wallet).

const meta = { title: 'Views/SIWXSignMessage', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const base: SiwxSignMessageCardProps = {
  appName: 'Portico Demo',
  address: sampleAddress,
  status: 'idle',
  universal: false,
  required: false,
  onSign: () => undefined,
  onCancel: () => undefined,
}

const frame = (props: Partial<SiwxSignMessageCardProps>) => ({
  render: () => <ThemeFrame view="Sign In">{() => <SiwxSignMessageCard {...base} {...props} />}</ThemeFrame>,
})

/** SPEC §4: the dialog for an address without a session. */
export const Optional: Story = frame({})
/** Required: Cancel disconnects, and the text says so. */
export const Required: Story = frame({ required: true })
/** Waiting for the wallet's signature. */
export const Signing: Story = frame({ status: 'signing' })
/** SPEC §4: universal authentication (a pairing wallet, eip155 only) shows "Authenticating...". */
export const Authenticating: Story = frame({ status: 'signing', universal: true, required: true })
/** SPEC §8: the wallet declined. */
export const SignatureDeclined: Story = frame({ status: 'error', error: ErrorText.SIGNATURE_DECLINED })
/** SPEC §8: the smart-account variant. */
export const SmartAccountNotSupported: Story = frame({ status: 'error', error: ErrorText.SMART_ACCOUNT_NOT_SUPPORTED })
/** The backend refused the signed message: the SPEC text and the server's reason. */
export const RefusedByBackend: Story = frame({ status: 'error', error: ErrorText.SIGNATURE_DECLINED, detail: 'The nonce is unknown, expired or already used', required: true })
