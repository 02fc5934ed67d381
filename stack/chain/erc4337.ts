/**
 * ERC-4337 on the dev chains: the EntryPoint v0.8 and its SimpleAccountFactory from the published
 * `@account-abstraction/contracts` 0.8 artifacts, deployed through the deterministic deployment proxy that anvil
 * ships (0x4e59b448...). The EntryPoint uses the salt of its canonical deployment, so it lands at the same address as
 * on every public network (0x4337084D...). That matters: bundlers (Alto) simulate with contracts that expect the
 * canonical EntryPoint and its SenderCreator.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileSolidityFile } from './compile.ts'
import { concatHex, encodeAbiParameters, encodeFunctionData, getAddress, getContractAddress, parseAbi, parseEther, type Abi, type Address, type Hex, type PublicClient, type WalletClient } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** Anvil (and most chains) carry Arachnid's deterministic deployment proxy here. */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'
/** The salt of the canonical EntryPoint v0.8 deployment. */
export const ENTRY_POINT_V08_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'
/** Our own salt for the factory (its address is then fixed by the EntryPoint and the artifact). */
const FACTORY_SALT: Hex = '0x0000000000000000000000000000000000000000000000000000000000004337'

/** The dev mnemonic's account whose key signs sponsorships on the dev chains (stack/sponsor); publicly known. */
export const DEV_SPONSOR_SIGNER_INDEX = 23
/** The dev mnemonic's account that owns the dev paymaster (the seeding deployer, DEPLOYER_INDEX in seed.ts). */
const DEV_PAYMASTER_OWNER_INDEX = 9
const DEV_MNEMONIC = 'test test test test test test test test test test test junk'
/** What seeding deposits for the verifying paymaster at the EntryPoint (tests read the deposit going down). */
export const DEV_PAYMASTER_DEPOSIT = parseEther('100')

export interface Erc4337Contracts {
  entryPoint: Address
  simpleAccountFactory: Address
  /** The embedded wallet's smart-account factory (aa/PorticoAccount.sol: SimpleAccount + ERC-1271). */
  porticoAccountFactory: Address
  /** The verifying paymaster (aa/PorticoPaymaster.sol, OpenZeppelin's PaymasterSigner) the sponsor service signs for. */
  verifyingPaymaster: Address
}

interface Artifact {
  abi: Abi
  bytecode: Hex
}

const require = createRequire(import.meta.url)

export function aaArtifact(name: 'EntryPoint' | 'SimpleAccountFactory' | 'SimpleAccount'): Artifact {
  const file = require.resolve(`@account-abstraction/contracts/artifacts/${name}.json`)
  const json = JSON.parse(readFileSync(file, 'utf8')) as Artifact
  return { abi: json.abi, bytecode: json.bytecode }
}

const ENTRY_POINT_DEPOSIT_ABI = parseAbi(['function balanceOf(address) view returns (uint256)', 'function depositTo(address) payable'])

const here = dirname(fileURLToPath(import.meta.url))

/** aa/PorticoAccount.sol compiled (imports from @account-abstraction/contracts and @openzeppelin/contracts). */
export function porticoAccountArtifacts(): { PorticoAccount: Artifact; PorticoAccountFactory: Artifact } {
  return compileSolidityFile(join(here, 'aa', 'PorticoAccount.sol'), ['PorticoAccount', 'PorticoAccountFactory'])
}

/** aa/PorticoPaymaster.sol compiled (OpenZeppelin Contracts' PaymasterSigner + SignerECDSA, pinned to an EntryPoint). */
export function porticoPaymasterArtifact(): Artifact {
  return compileSolidityFile(join(here, 'aa', 'PorticoPaymaster.sol'), ['PorticoPaymaster']).PorticoPaymaster
}

/** The dev sponsor signer and paymaster owner (dev mnemonic accounts 23 and 9). */
export function devPaymasterRoles(): { signer: Address; owner: Address } {
  return {
    signer: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEV_SPONSOR_SIGNER_INDEX }).address,
    owner: mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEV_PAYMASTER_OWNER_INDEX }).address,
  }
}

function paymasterInitCode(entryPoint: Address): Hex {
  const { signer, owner } = devPaymasterRoles()
  return concatHex([porticoPaymasterArtifact().bytecode, encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'address' }], [entryPoint, signer, owner])])
}

/** Where `deployErc4337` puts the contracts (pure: derived from the artifacts and the salts). */
export function erc4337Addresses(): Erc4337Contracts {
  const entryPoint = getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: ENTRY_POINT_V08_SALT, bytecode: aaArtifact('EntryPoint').bytecode })
  return {
    entryPoint,
    simpleAccountFactory: create2Address(factoryInitCode(aaArtifact('SimpleAccountFactory').bytecode, entryPoint)),
    porticoAccountFactory: create2Address(factoryInitCode(porticoAccountArtifacts().PorticoAccountFactory.bytecode, entryPoint)),
    verifyingPaymaster: create2Address(paymasterInitCode(entryPoint)),
  }
}

function factoryInitCode(bytecode: Hex, entryPoint: Address): Hex {
  return concatHex([bytecode, encodeAbiParameters([{ type: 'address' }], [entryPoint])])
}

function create2Address(initCode: Hex): Address {
  return getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: FACTORY_SALT, bytecode: initCode })
}

/**
 * Deploys the EntryPoint, the factories and the verifying paymaster unless they are there already, and tops the
 * paymaster's EntryPoint deposit up to DEV_PAYMASTER_DEPOSIT; idempotent.
 */
export async function deployErc4337(publicClient: PublicClient, wallet: WalletClient): Promise<Erc4337Contracts> {
  const proxy = await publicClient.getCode({ address: DETERMINISTIC_DEPLOYER })
  if (!proxy || proxy === '0x') throw new Error(`no deterministic deployment proxy at ${DETERMINISTIC_DEPLOYER}`)
  const { entryPoint, simpleAccountFactory, porticoAccountFactory, verifyingPaymaster } = erc4337Addresses()
  const create2 = async (address: Address, salt: Hex, initCode: Hex): Promise<void> => {
    const code = await publicClient.getCode({ address })
    if (code && code !== '0x') return
    const hash = await wallet.sendTransaction({
      account: wallet.account!,
      chain: wallet.chain,
      to: DETERMINISTIC_DEPLOYER,
      data: concatHex([salt, initCode]),
      gas: 8_000_000n,
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const deployed = await publicClient.getCode({ address })
    if (receipt.status !== 'success' || !deployed || deployed === '0x') throw new Error(`ERC-4337 deployment to ${address} failed`)
  }
  await create2(entryPoint, ENTRY_POINT_V08_SALT, aaArtifact('EntryPoint').bytecode)
  await create2(simpleAccountFactory, FACTORY_SALT, factoryInitCode(aaArtifact('SimpleAccountFactory').bytecode, entryPoint))
  await create2(porticoAccountFactory, FACTORY_SALT, factoryInitCode(porticoAccountArtifacts().PorticoAccountFactory.bytecode, entryPoint))
  await create2(verifyingPaymaster, FACTORY_SALT, paymasterInitCode(entryPoint))
  const deposit = (await publicClient.readContract({ address: entryPoint, abi: ENTRY_POINT_DEPOSIT_ABI, functionName: 'balanceOf', args: [verifyingPaymaster] })) as bigint
  if (deposit < DEV_PAYMASTER_DEPOSIT) {
    const hash = await wallet.sendTransaction({
      account: wallet.account!,
      chain: wallet.chain,
      to: entryPoint,
      data: encodeFunctionData({ abi: ENTRY_POINT_DEPOSIT_ABI, functionName: 'depositTo', args: [verifyingPaymaster] }),
      value: DEV_PAYMASTER_DEPOSIT - deposit,
    })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    if (receipt.status !== 'success') throw new Error(`the paymaster deposit at ${entryPoint} failed`)
  }
  return {
    entryPoint: getAddress(entryPoint),
    simpleAccountFactory: getAddress(simpleAccountFactory),
    porticoAccountFactory: getAddress(porticoAccountFactory),
    verifyingPaymaster: getAddress(verifyingPaymaster),
  }
}
