import type { Meta, StoryObj } from '@storybook/react-vite'
import { ErrorText } from 'portico'
import { ThemeFrame } from '../../../storybook/ThemeFrame.tsx'
import { RegisterAccountNameCard, type RegisterAccountNameCardProps } from './RegisterAccountNameCard.tsx'
import { RegisterAccountNameSuccessCard } from './RegisterAccountNameSuccessCard.tsx'

// Offline by construction: the presentational halves of RegisterAccountName and RegisterAccountNameSuccess.

const meta = { title: 'Views/RegisterAccountName', parameters: { layout: 'padded' } } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const base: RegisterAccountNameCardProps = {
  zone: 'reown.id',
  input: '',
  suggestions: [],
  suggestionsStatus: 'idle',
  status: 'idle',
  onInput: () => undefined,
  onRegister: () => undefined,
}

const frame = (props: Partial<RegisterAccountNameCardProps>) => ({
  render: () => <ThemeFrame view="Choose name">{() => <RegisterAccountNameCard {...base} {...props} />}</ThemeFrame>,
})

const typed = { input: 'alice', candidate: 'alice.reown.id' }

/** An empty field. */
export const Empty: Story = frame({})
/** Waiting for the suggestions (typing paused). */
export const Checking: Story = frame({ ...typed, suggestionsStatus: 'loading' })
/** The name is free, with more suggestions. */
export const Available: Story = frame({
  ...typed,
  suggestionsStatus: 'ready',
  available: true,
  suggestions: [{ name: 'alice.reown.id', registered: false }, { name: 'alice1.reown.id', registered: false }, { name: 'alice2.reown.id', registered: false }],
})
/** The name is taken: the free variants are offered. */
export const Taken: Story = frame({
  ...typed,
  suggestionsStatus: 'ready',
  available: false,
  suggestions: [{ name: 'alice.reown.id', registered: true }, { name: 'alice1.reown.id', registered: false }],
})
/** SPEC §5: too short. */
export const TooShort: Story = frame({ input: 'ali', ruleProblem: 'At least 4 characters' })
/** SPEC §5: other characters. */
export const BadCharacters: Story = frame({ input: 'ali_ce', ruleProblem: 'Use letters, digits and hyphens only' })
/** SPEC §8: suggestions failed. */
export const SuggestionsFailed: Story = frame({ ...typed, suggestionsStatus: 'error', suggestionsError: ErrorText.ERROR_FETCHING_NAME_SUGGESTIONS })
/** Waiting for the wallet's signature. */
export const Signing: Story = frame({ ...typed, suggestionsStatus: 'ready', available: true, status: 'signing' })
/** SPEC §4: back on the register view after a failure, SPEC §8 text. */
export const RegistrationFailed: Story = frame({ ...typed, suggestionsStatus: 'ready', available: true, status: 'error', error: ErrorText.ERROR_REGISTERING_NAME })
/** SPEC §8: the API's reason is preferred. */
export const RefusedByApi: Story = frame({ ...typed, suggestionsStatus: 'ready', available: true, status: 'error', error: 'This name is already registered' })
/** SPEC §2 RegisterAccountNameSuccess. */
export const Success: Story = {
  render: () => <ThemeFrame view="Name registered" back={false}>{() => <RegisterAccountNameSuccessCard name="alice.reown.id" onDone={() => undefined} />}</ThemeFrame>,
}
