import { defineMessages } from 'portico/react'

/**
 * The embedded wallet views' strings (English here, each other language a lazy chunk in ./messages/). SPEC §8 texts
 * (kernel/errors) are not here: the views show them through `useErrorText()`.
 */
const en = {
  noApproval: 'No request is waiting for approval.',
  reviewRequest: 'Review the request ({method}) in the secure wallet below.',
  approvalBox: 'Secure wallet approval',
  code: 'Code',
  continue: 'Continue',
  email: 'Email',
  newEmail: 'New email',
  signInWithCode: 'Sign in with a one-time code sent to your email.',
  errorOccurred: 'An error occurred',
  couldNotSend: 'We could not send a code to {email}.',
  sendingCode: 'Sending code',
  sendingCodeTo: 'Sending a code to {email}',
  waitingApproval: 'Waiting for approval',
  approveInEmail: 'Approve the login in your email',
  approvalLinkSent: 'We sent an approval link to {email}. Open it on any device, then enter the code we send next.',
  enterCode: 'Enter the 6-digit code sent to {email}',
  yourEmail: 'your email',
  tryAgainAfter: 'Please try again after {seconds} seconds',
  resendCode: 'Resend code',
  tryAgain: 'Try again',
  farcasterQr: 'Farcaster sign-in QR code',
  connecting: 'Connecting…',
  scanFarcaster: 'Scan with your phone or open the Farcaster app to sign in.',
  openInFarcaster: 'Open in Farcaster',
  preparingLink: 'Preparing the sign-in link…',
  loadingSessions: 'Loading sessions',
  noSessions: 'No active sessions',
  activeSessions: 'Active sessions',
  session: 'Session {id}',
  permissions: 'Permissions',
  expires: 'Expires {date}',
  revoke: 'Revoke',
  socialLogin: 'Social login',
  moreSocials: 'More sign-in options',
  continueWith: 'Continue with {provider}',
  eoa: 'EOA',
  smartAccount: 'Smart account',
  accountType: 'Account type: {type}',
  switchToSmart: 'Switch to smart account',
  switchToEoa: 'Switch to EOA',
  currentEmail: 'Current email: {email}',
  updatingEmail: 'Updating email',
  updatingYourEmail: 'Updating your email...',
  emailIsNow: 'Your email is now {email}',
  done: 'Done',
  updateEmail: 'Update email',
  approveTransaction: 'Approve transaction',
  accountTypeTitle: 'Account type',
  sessions: 'Sessions',
}

export const messages = defineMessages<{ [K in keyof typeof en]: string }>(en, (locale) => import(`./messages/${locale}.ts`))

export type EmbeddedWalletMessages = typeof messages.en
