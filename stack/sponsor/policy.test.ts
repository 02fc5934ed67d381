import { describe, expect, it } from 'vitest'
import { concatHex, encodeAbiParameters, encodeFunctionData, erc20Abi, numberToHex, pad, parseAbi, type Address } from 'viem'
import { callOutsidePolicy, decodeAccountCalls, methodSelector, parsePolicies, PolicyError } from './policy.ts'

const TOKEN: Address = '0x000000000000000000000000000000000000bEEF'
const OTHER: Address = '0x000000000000000000000000000000000000dEaD'
const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OTHER, 5n] })
const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, 5n] })

const policy = parsePolicies({
  projects: { app: { name: 'App', contracts: [{ address: TOKEN, methods: ['transfer(address,uint256)'] }, { address: OTHER, methods: '*' }], perUserGasPerDay: 10, perProjectGasPerDay: '20' } },
}).app!

describe('stack/sponsor policy', () => {
  it('parses a policy file and names the bad field', () => {
    expect(policy.perUserGasPerDay).toBe(10n)
    expect(policy.perProjectGasPerDay).toBe(20n)
    expect([...policy.contracts[0]!.selectors!]).toEqual(['0xa9059cbb'])
    expect(policy.contracts[1]!.selectors).toBeUndefined()
    expect(() => parsePolicies({})).toThrow(new PolicyError('the policy file must be an object with a "projects" object'))
    expect(() => parsePolicies({ projects: { a: { name: 'A', contracts: [{ address: TOKEN, methods: '*' }], perUserGasPerDay: -1, perProjectGasPerDay: 1 } } })).toThrow(
      'projects.a.perUserGasPerDay must be a positive whole number of gas (a number or a decimal string), got -1',
    )
    expect(() => parsePolicies({ projects: { a: { name: 'A', contracts: [{ address: '0x12' }], perUserGasPerDay: 1, perProjectGasPerDay: 1 } } })).toThrow('projects.a.contracts[0].address must be a contract address')
    expect(() => parsePolicies({ projects: { a: { name: 'A', contracts: [{ address: TOKEN, methods: '*' }], perUserGasPerDay: 1, perProjectGasPerDay: 1, expiresAt: 'soon' } } })).toThrow(
      'projects.a.expiresAt must be an ISO 8601 date, got "soon"',
    )
    expect(() => parsePolicies({ projects: { a: { name: 'A', contracts: [{ address: TOKEN, methods: '*' }], perUserGasPerDay: 1, perProjectGasPerDay: 1, eip7702Upgrades: 'yes' } } })).toThrow('projects.a.eip7702Upgrades must be true or false')
    expect(parsePolicies({ projects: { a: { name: 'A', contracts: [{ address: TOKEN, methods: '*' }], perUserGasPerDay: 1, perProjectGasPerDay: 1, eip7702Upgrades: true } } }).a!.eip7702Upgrades).toBe(true)
    expect(methodSelector('0xA9059CBB')).toBe('0xa9059cbb')
    expect(methodSelector('0x')).toBe('0x')
  })

  it('reads the calls of SimpleAccount v0.6-v0.8 and ERC-7579 accounts', () => {
    const abi = parseAbi([
      'function execute(address,uint256,bytes)',
      'struct Call { address target; uint256 value; bytes data; }',
      'function executeBatch(Call[])',
      'function executeBatch(address[],uint256[],bytes[])',
      'function executeBatch(address[],bytes[])',
      'function execute(bytes32,bytes)',
    ])
    const one = [{ to: TOKEN, value: 0n, data: transfer }]
    expect(decodeAccountCalls(encodeFunctionData({ abi, functionName: 'execute', args: [TOKEN, 0n, transfer] }))).toEqual(one)
    expect(decodeAccountCalls(encodeFunctionData({ abi, functionName: 'executeBatch', args: [[{ target: TOKEN, value: 0n, data: transfer }, { target: OTHER, value: 3n, data: '0x' }]] }))).toEqual([
      ...one,
      { to: OTHER, value: 3n, data: '0x' },
    ])
    expect(decodeAccountCalls(encodeFunctionData({ abi, functionName: 'executeBatch', args: [[TOKEN], [0n], [transfer]] }))).toEqual(one)
    expect(decodeAccountCalls(encodeFunctionData({ abi, functionName: 'executeBatch', args: [[TOKEN], [transfer]] }))).toEqual(one)
    const single = concatHex([TOKEN, pad(numberToHex(0n), { size: 32 }), transfer])
    expect(decodeAccountCalls(encodeFunctionData({ abi, functionName: 'execute', args: [pad('0x00', { dir: 'right', size: 32 }), single] }))).toEqual([{ to: TOKEN, value: 0n, data: transfer }])
    const batch = encodeAbiParameters([{ type: 'tuple[]', components: [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }] }], [[[TOKEN, 0n, transfer]]])
    expect(decodeAccountCalls(encodeFunctionData({ abi, functionName: 'execute', args: [pad('0x01', { dir: 'right', size: 32 }), batch] }))).toEqual(one)
    // delegatecall (0xff) and unknown formats cannot be checked.
    expect(decodeAccountCalls(encodeFunctionData({ abi, functionName: 'execute', args: [pad('0xff', { dir: 'right', size: 32 }), single] }))).toBeUndefined()
    expect(decodeAccountCalls('0xdeadbeef')).toBeUndefined()
  })

  it('refuses calls outside the targets and methods', () => {
    expect(callOutsidePolicy(policy, [{ to: TOKEN, value: 0n, data: transfer }, { to: OTHER, value: 1n, data: '0x' }])).toBeUndefined()
    expect(callOutsidePolicy(policy, [{ to: TOKEN, value: 0n, data: approve }])).toEqual({
      reason: 'method',
      message: `method 0x095ea7b3 on ${TOKEN} is not sponsored: the policy sponsors 0xa9059cbb there`,
    })
    expect(callOutsidePolicy(policy, [{ to: TOKEN, value: 1n, data: '0x' }])?.message).toContain('a plain ether transfer (no method)')
    const stranger: Address = '0x0000000000000000000000000000000000001234'
    expect(callOutsidePolicy(policy, [{ to: stranger, value: 0n, data: transfer }])?.reason).toBe('target')
  })
})
