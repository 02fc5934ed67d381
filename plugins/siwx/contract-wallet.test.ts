import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  hashMessage,
  http,
  pad,
  recoverAddress,
  serializeErc6492Signature,
  type Abi,
  type Hex,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_MNEMONIC } from '../../stack/chain/index.ts'
import { freePort, spawnAnvil, type AnvilProcess } from '../../stack/chain/anvil.ts'
import { formatSiweMessage, generateNonce, verifySiweMessage } from './index.ts'

/**
 * EIP-1271 and EIP-6492 through a viem client, against the dev chain (anvil) and the minimal contract wallet of
 * stack/chain/contracts/SiwxTestWallet.sol. The public eip1271.json vectors were signed for mainnet Argent and
 * Loopring wallets: the test wallet's code is placed at those addresses, owned by the key the signatures recover to.
 */
const VECTORS = join(import.meta.dirname, '../../tests/vectors/siwe/spruceid-main')
const CONTRACT = join(import.meta.dirname, '../../stack/chain/contracts/SiwxTestWallet.sol')

type Compiled = { abi: Abi; bytecode: Hex; deployedBytecode: Hex }
function compile(): { wallet: Compiled; factory: Compiled } {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'SiwxTestWallet.sol': { content: readFileSync(CONTRACT, 'utf8') } },
        settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } } },
      }),
    ),
  ) as { errors?: Array<{ severity: string; formattedMessage: string }>; contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>> }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  const pick = (name: string): Compiled => {
    const c = out.contracts['SiwxTestWallet.sol']![name]!
    return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, deployedBytecode: `0x${c.evm.deployedBytecode.object}` }
  }
  return { wallet: pick('SiwxTestWallet'), factory: pick('SiwxTestWalletFactory') }
}

describe('contract wallets on the dev chain (EIP-1271, EIP-6492)', () => {
  let anvil: AnvilProcess
  let contracts: ReturnType<typeof compile>
  const deployer = mnemonicToAccount(DEV_MNEMONIC)
  const owner = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
  let client: ReturnType<typeof createPublicClient>
  let wallet: ReturnType<typeof createWalletClient>

  const deploy = async (c: Compiled, args: unknown[]): Promise<`0x${string}`> => {
    const hash = await wallet.deployContract({ abi: c.abi, bytecode: c.bytecode, args, account: deployer, chain: null })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    return getAddress(receipt.contractAddress!)
  }

  beforeAll(async () => {
    contracts = compile()
    anvil = await spawnAnvil({ chainId: 31337, port: await freePort(), mnemonic: DEV_MNEMONIC, accounts: 2 })
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
    wallet = createWalletClient({ transport: http(anvil.rpcUrl) })
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  const messageFor = (address: `0x${string}`) =>
    formatSiweMessage({ domain: 'localhost:5173', address, uri: 'http://localhost:5173', version: '1', chainId: 31337, nonce: generateNonce(), issuedAt: new Date().toISOString(), statement: 'Contract wallet sign-in' })

  it('eip1271.json: each vector verifies through the client against the wallet at its address, and only through it', async () => {
    const vectors = JSON.parse(readFileSync(join(VECTORS, 'eip1271.json'), 'utf8')) as Record<string, { message: string; signature: Hex }>
    expect(Object.keys(vectors).length).toBeGreaterThan(0)
    for (const [name, { message, signature }] of Object.entries(vectors)) {
      const address = /\n(0x[0-9a-fA-F]{40})\n/.exec(message)![1] as `0x${string}`
      // The owner key is whoever the 65-byte r,s,v part recovers to from the EIP-191 hash the verifier passes.
      const signer = await recoverAddress({ hash: hashMessage(message), signature: signature.slice(0, 132) as Hex })
      await client.request({ method: 'anvil_setCode' as never, params: [address, contracts.wallet.deployedBytecode] as never })
      await client.request({ method: 'anvil_setStorageAt' as never, params: [address, pad('0x0', { size: 32 }), pad(signer, { size: 32 })] as never })
      expect(await verifySiweMessage({ message, signature, client }), name).toBe(true)
      // Without a client only EOA signatures count: the address is a contract, not the signer.
      expect(await verifySiweMessage({ message, signature }), name).toBe(false)
      // A changed message hashes differently and recovers to someone else.
      expect(await verifySiweMessage({ message: message.replace('SIWE Notepad Example', 'SIWE Notepad Exampl3'), signature, client }), name).toBe(false)
    }
  })

  it('EIP-1271: a deployed wallet verifies its owner\'s signature and refuses another key\'s', async () => {
    const address = await deploy(contracts.wallet, [owner.address])
    const message = messageFor(address)
    expect(await verifySiweMessage({ message, signature: await owner.signMessage({ message }), client, domain: 'localhost:5173' })).toBe(true)
    expect(await verifySiweMessage({ message, signature: await deployer.signMessage({ message }), client })).toBe(false)
  })

  it('EIP-6492: a wallet not yet deployed verifies through its factory call', async () => {
    const factory = await deploy(contracts.factory, [])
    const salt = pad('0x6492', { size: 32 })
    const address = (await client.readContract({ address: factory, abi: contracts.factory.abi, functionName: 'addressOf', args: [owner.address, salt] })) as `0x${string}`
    expect(await client.getCode({ address })).toBeUndefined()
    const message = messageFor(address)
    const factoryData = encodeFunctionData({ abi: contracts.factory.abi, functionName: 'deploy', args: [owner.address, salt] })
    const wrapped = serializeErc6492Signature({ address: factory, data: factoryData, signature: await owner.signMessage({ message }) })
    expect(await verifySiweMessage({ message, signature: wrapped, client })).toBe(true)
    const wrongKey = serializeErc6492Signature({ address: factory, data: factoryData, signature: await deployer.signMessage({ message }) })
    expect(await verifySiweMessage({ message, signature: wrongKey, client })).toBe(false)
    // Verification is an eth_call: the wallet is still not deployed.
    expect(await client.getCode({ address })).toBeUndefined()
  })
})
