/**
 * The approval panel's text for an EIP-7702 authorization (issue 29 part 2): what delegation means, the delegate, the
 * chain, how to undo it. Built only from the parsed request (../eip7702-request.ts) the server signs. The panel
 * renders it like every request (approval-ui.ts: a dialog named by its heading, rows as text).
 */
import type { DelegationRequest } from '../eip7702-request.ts'
import type { ApprovalRow } from './describe.ts'

export const UPGRADE_ACCOUNT_TITLE = 'Upgrade account'
export const REVOKE_UPGRADE_TITLE = 'Revoke account upgrade'
/** The delegate the secure site accepts (the stack's PorticoDelegate; the server refuses any other address). */
export const DELEGATE_NAME = 'Portico Delegate'

export function describeDelegation(req: DelegationRequest): { title: typeof UPGRADE_ACCOUNT_TITLE | typeof REVOKE_UPGRADE_TITLE; rows: ApprovalRow[] } {
  const network = { label: 'Network (chain id)', value: String(req.chainId) }
  const scope = { label: 'Where', value: `Only on the network with chain id ${req.chainId}. An authorization for another network, or for every network (chain id 0), is refused.` }
  if (req.delegate === null)
    return {
      title: REVOKE_UPGRADE_TITLE,
      rows: [
        {
          label: 'What this does',
          value: 'Your account stops using the delegate contract: its code is cleared (EIP-7702 authorization to address 0) and it is a plain account again. Batched calls and gas paid by apps stop on this network.',
        },
        { label: 'Delegate', value: 'None (address 0x0000000000000000000000000000000000000000)', code: true },
        network,
        scope,
        { label: 'Fee', value: 'Your account pays the gas of one transaction.' },
      ],
    }
  return {
    title: UPGRADE_ACCOUNT_TITLE,
    rows: [
      {
        label: 'What this does',
        value:
          'You sign an EIP-7702 authorization: your account keeps its address, key and assets, and runs the code of a delegate contract on this network. It can then send several calls at once (all of them or none) and let an app pay its gas.',
      },
      { label: 'Delegate', value: `${DELEGATE_NAME}: the embedded wallet's own delegate; the secure site refuses any other contract.` },
      { label: 'Delegate contract', value: req.delegate, code: true },
      { label: 'Warning', value: 'The delegate contract acts for your account: approve only a delegate you trust.', warning: true },
      network,
      scope,
      { label: 'Undo', value: 'You can revoke the upgrade at any time (an authorization to address 0).' },
      { label: 'Fee', value: "The app's sponsor pays the gas if it agrees; otherwise your account pays the gas of one transaction." },
    ],
  }
}
