/**
 * The client side of aa/PorticoAccount.sol: permissionless's SimpleAccount implementation (user operations,
 * counterfactual address, factory data) with ERC-1271 signing. The owner signs the account's replay-safe EIP-712
 * wrapper of the hash; while the account is not deployed the signature is wrapped per ERC-6492 with the factory
 * call, so viem's verifyMessage / verifyTypedData (and any 6492-aware verifier) accepts it before and after deployment.
 */
import { getCode, getChainId } from 'viem/actions'
import { hashMessage, hashTypedData, serializeErc6492Signature, type Address, type Hex, type LocalAccount, type SignableMessage, type TypedData, type TypedDataDefinition } from 'viem'
import { toSimpleSmartAccount } from 'permissionless/accounts'

export interface PorticoSmartAccountOptions {
  client: Parameters<typeof toSimpleSmartAccount>[0]['client']
  owner: LocalAccount
  entryPoint: Address
  factoryAddress: Address
  /** The salt: one owner can have several accounts. */
  index?: bigint
}

export async function toPorticoSmartAccount(opts: PorticoSmartAccountOptions) {
  const base = await toSimpleSmartAccount({
    client: opts.client,
    owner: opts.owner,
    entryPoint: { address: opts.entryPoint, version: '0.8' },
    factoryAddress: opts.factoryAddress,
    index: opts.index ?? 0n,
  })
  const chainId = await getChainId(opts.client)
  const sign = async (hash: Hex): Promise<Hex> => {
    const signature = await opts.owner.signTypedData({
      domain: { name: 'Portico Account', version: '1', chainId, verifyingContract: base.address },
      types: { PorticoMessage: [{ name: 'hash', type: 'bytes32' }] },
      primaryType: 'PorticoMessage',
      message: { hash },
    })
    const code = await getCode(opts.client, { address: base.address })
    if (code && code !== '0x') return signature
    const { factory, factoryData } = await base.getFactoryArgs()
    return serializeErc6492Signature({ address: factory!, data: factoryData!, signature })
  }
  return {
    ...base,
    signMessage: ({ message }: { message: SignableMessage }) => sign(hashMessage(message)),
    signTypedData: <const typedData extends TypedData | Record<string, unknown>, primaryType extends keyof typedData | 'EIP712Domain' = keyof typedData>(
      typedData: TypedDataDefinition<typedData, primaryType>,
    ) => sign(hashTypedData(typedData)),
  }
}
