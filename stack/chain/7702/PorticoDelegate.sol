// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@account-abstraction/contracts/accounts/Simple7702Account.sol";

/**
 * The stack's EIP-7702 delegate: the code an embedded wallet's EOA points at once its user approves an authorization.
 *
 * Everything an upgraded EOA can do comes from eth-infinitism's Simple7702Account (ERC-4337 v0.8 release, MIT),
 * unchanged:
 * - Batch, paid by the EOA: the EOA sends a transaction to itself calling `executeBatch(Call[])`; a call that reverts
 *   reverts the whole batch (BaseAccount wraps it in `ExecuteError(index, returnData)`).
 * - Sponsored: a relayer (an ERC-4337 bundler) submits a user operation through the canonical EntryPoint v0.8, signed
 *   by the EOA's key over the user operation hash, which covers the calls (callData), the EntryPoint nonce (replay
 *   protection), the chain id and the EntryPoint; a paymaster's `validUntil` is the deadline. The paymaster pays.
 * - ERC-1271 signatures by the EOA's key; ERC-721/1155 receipts; plain ether in and out, like an EOA.
 * It keeps no storage, so revoking (or re-delegating elsewhere) leaves nothing behind.
 *
 * Our own part is the name a wallet shows in its authorization panel, readable on chain.
 */
contract PorticoDelegate is Simple7702Account {
    /// Shown to the user before they delegate to this code; also readable through the EOA once delegated.
    function delegateName() external pure returns (string memory) {
        return "Portico Delegate";
    }

    /// Bumped when the delegate's behaviour changes (a new version lands at a new CREATE2 address).
    function delegateVersion() external pure returns (uint256) {
        return 1;
    }
}
