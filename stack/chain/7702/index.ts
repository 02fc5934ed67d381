/**
 * EIP-7702 on the dev chains (issue 29 part 2): the delegate an embedded wallet's EOA can point its code at,
 * `PorticoDelegate.sol` (eth-infinitism's Simple7702Account from the ERC-4337 v0.8 release plus a name), deployed
 * through the deterministic deployment proxy with a fixed salt, so it sits at the same address on every dev chain
 * and every start. The chains run the Prague hardfork (stack/chain/anvil.ts), which carries EIP-7702 authorizations.
 */
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { concatHex, getAddress, getContractAddress, type Abi, type Address, type Hex, type PublicClient, type WalletClient } from 'viem'
import { compileSolidityFile } from '../compile.ts'
import { DETERMINISTIC_DEPLOYER } from '../erc4337.ts'

/** Our salt for the delegate's CREATE2 deployment. */
export const PORTICO_DELEGATE_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000007702'
/** What `delegateName()` returns and the authorization panel shows. */
export const PORTICO_DELEGATE_NAME = 'Portico Delegate'

const here = dirname(fileURLToPath(import.meta.url))

export function porticoDelegateArtifact(): { abi: Abi; bytecode: Hex } {
  return compileSolidityFile(join(here, 'PorticoDelegate.sol'), ['PorticoDelegate']).PorticoDelegate
}

/** Where `deployPorticoDelegate` puts it (pure: from the artifact and the salt). */
export function porticoDelegateAddress(): Address {
  return getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: PORTICO_DELEGATE_SALT, bytecode: porticoDelegateArtifact().bytecode })
}

/** Deploys the delegate unless it is there already; idempotent. */
export async function deployPorticoDelegate(publicClient: PublicClient, wallet: WalletClient): Promise<{ porticoDelegate: Address }> {
  const address = porticoDelegateAddress()
  const code = await publicClient.getCode({ address })
  if (!code || code === '0x') {
    const hash = await wallet.sendTransaction({
      account: wallet.account!,
      chain: wallet.chain,
      to: DETERMINISTIC_DEPLOYER,
      data: concatHex([PORTICO_DELEGATE_SALT, porticoDelegateArtifact().bytecode]),
      gas: 3_000_000n,
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const deployed = await publicClient.getCode({ address })
    if (receipt.status !== 'success' || !deployed || deployed === '0x') throw new Error(`the EIP-7702 delegate's deployment to ${address} failed`)
  }
  return { porticoDelegate: getAddress(address) }
}
