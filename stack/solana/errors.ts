import {
  InstructionErrorBorshIo,
  InstructionErrorCustom,
  TransactionErrorDuplicateInstruction,
  TransactionErrorInstructionError,
  TransactionErrorInsufficientFundsForRent,
  TransactionErrorProgramExecutionTemporarilyRestricted,
  type FailedTransactionMetadata,
} from 'litesvm/dist/internal.js'

/**
 * A TransactionError as the RPC serializes it (serde's externally tagged enum): a bare string for a unit variant,
 * `{"InstructionError":[0,{"Custom":1}]}` and the like otherwise.
 */
export type RpcTransactionError = string | { [variant: string]: unknown }

/** JSON-RPC error with the code and message a validator answers. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export const invalidParams = (message: string): RpcError => new RpcError(-32602, message)

// Variant order of litesvm's `TransactionErrorFieldless` / `InstructionErrorFieldless` (litesvm 1.5 internal.d.ts).
// The enums are `const enum`s in the typings and not usable at run time, so the names live here.
const TRANSACTION_ERROR_NAMES = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks',
  'AddressLookupTableNotFound', 'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount', 'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const

const INSTRUCTION_ERROR_NAMES = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall',
  'InsufficientFunds', 'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized',
  'UninitializedAccount', 'UnbalancedInstruction', 'ModifiedProgramId', 'ExternalAccountLamportSpend',
  'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified', 'DuplicateAccountIndex',
  'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged', 'AccountNotExecutable',
  'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId',
  'CallDepth', 'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc',
  'ComputationalBudgetExceeded', 'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete',
  'ProgramFailedToCompile', 'Immutable', 'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner',
  'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner', 'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded', 'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>

function instructionErrorToRpc(err: ReturnType<TransactionErrorInstructionError['err']>): unknown {
  if (typeof err === 'number') return INSTRUCTION_ERROR_NAMES[err] ?? `UnknownInstructionError${err}`
  if (err instanceof InstructionErrorCustom) return { Custom: err.code }
  if (err instanceof InstructionErrorBorshIo) return { BorshIoError: err.msg }
  return 'GenericError'
}

/** litesvm's error object to the RPC's JSON shape. */
export function transactionErrorToRpc(err: LiteSvmError): RpcTransactionError {
  if (typeof err === 'number') return TRANSACTION_ERROR_NAMES[err] ?? `UnknownTransactionError${err}`
  if (err instanceof TransactionErrorInstructionError) return { InstructionError: [err.index, instructionErrorToRpc(err.err())] }
  if (err instanceof TransactionErrorDuplicateInstruction) return { DuplicateInstruction: err.index }
  if (err instanceof TransactionErrorInsufficientFundsForRent) return { InsufficientFundsForRent: { account_index: err.accountIndex } }
  if (err instanceof TransactionErrorProgramExecutionTemporarilyRestricted) {
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } }
  }
  return 'SanitizeFailure'
}

// Display texts of the Agave error enums (what follows "Transaction simulation failed: ").
const TRANSACTION_ERROR_TEXTS: Record<string, string> = {
  AccountInUse: 'Account in use',
  AccountLoadedTwice: 'Account loaded twice',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  ProgramAccountNotFound: 'Attempt to load a program that does not exist',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  InvalidAccountForFee: 'This account may not be used to pay transaction fees',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  CallChainTooDeep: 'Loader call chain is too deep',
  MissingSignatureForFee: 'Transaction requires a fee but has no signature present',
  InvalidAccountIndex: 'Transaction contains an invalid account reference',
  SignatureFailure: 'Transaction did not pass signature verification',
  InvalidProgramForExecution: 'This program may not be used for executing instructions',
  SanitizeFailure: 'Transaction failed to sanitize accounts offsets correctly',
  ClusterMaintenance: 'Transactions are currently disabled due to cluster maintenance',
  UnsupportedVersion: 'Transaction version is unsupported',
  AddressLookupTableNotFound: 'Transaction loads an address table account that doesn\'t exist',
  InvalidRentPayingAccount: 'Transaction leaves an account with a lower balance than rent-exempt minimum',
}

const INSTRUCTION_ERROR_TEXTS: Record<string, string> = {
  GenericError: 'generic instruction error',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
  InvalidAccountData: 'invalid account data for instruction',
  AccountDataTooSmall: 'account data too small for instruction',
  InsufficientFunds: 'insufficient funds for instruction',
  IncorrectProgramId: 'incorrect program id for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  UnbalancedInstruction: 'sum of account balances before and after instruction do not match',
  ModifiedProgramId: 'instruction illegally modified the program id of an account',
  ExternalAccountLamportSpend: 'instruction spent from the balance of an account it does not own',
  ExternalAccountDataModified: 'instruction modified data of an account it does not own',
  ReadonlyLamportChange: 'instruction changed the balance of a read-only account',
  ReadonlyDataModified: 'instruction modified data of a read-only account',
  DuplicateAccountIndex: 'instruction contains duplicate accounts',
  NotEnoughAccountKeys: 'insufficient account keys for instruction',
  AccountNotExecutable: 'instruction expected an executable account',
  InvalidError: 'program returned invalid error code',
  UnsupportedProgramId: 'Unsupported program id',
  CallDepth: 'Cross-program invocation call depth too deep',
  MissingAccount: 'An account required by the instruction is missing',
  InvalidSeeds: 'Provided seeds do not result in a valid address',
  ComputationalBudgetExceeded: 'Computational budget exceeded',
  PrivilegeEscalation: 'Cross-program invocation with unauthorized signer or writable account',
  ProgramFailedToComplete: 'Program failed to complete',
  Immutable: 'Account is immutable',
  IncorrectAuthority: 'Incorrect authority provided',
  AccountNotRentExempt: 'An account does not have enough lamports to be rent-exempt',
  InvalidAccountOwner: 'Invalid account owner',
  ArithmeticOverflow: 'Program arithmetic overflowed',
  IllegalOwner: 'Provided owner is not allowed',
}

function instructionErrorText(err: unknown): string {
  if (typeof err === 'string') return INSTRUCTION_ERROR_TEXTS[err] ?? err
  if (err && typeof err === 'object' && 'Custom' in err) return `custom program error: 0x${Number(err.Custom).toString(16)}`
  return JSON.stringify(err)
}

/** The validator's Display text of a TransactionError, e.g. "Error processing Instruction 0: custom program error: 0x1". */
export function transactionErrorText(err: RpcTransactionError): string {
  if (typeof err === 'string') return TRANSACTION_ERROR_TEXTS[err] ?? err
  if ('InstructionError' in err) {
    const [index, inner] = err.InstructionError as [number, unknown]
    return `Error processing Instruction ${index}: ${instructionErrorText(inner)}`
  }
  if ('DuplicateInstruction' in err) return `Transaction contains a duplicate instruction (${String(err.DuplicateInstruction)}) that is not allowed`
  if ('InsufficientFundsForRent' in err) {
    const { account_index } = err.InsufficientFundsForRent as { account_index: number }
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`
  }
  return JSON.stringify(err)
}
