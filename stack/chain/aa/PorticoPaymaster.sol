// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IEntryPoint} from "@openzeppelin/contracts/interfaces/IERC4337.sol";
import {PaymasterSigner, EIP712} from "@openzeppelin/contracts/account/paymaster/extensions/PaymasterSigner.sol";
import {SignerECDSA} from "@openzeppelin/contracts/utils/cryptography/signers/SignerECDSA.sol";

/**
 * The stack's verifying paymaster: OpenZeppelin Contracts' audited PaymasterSigner with an ECDSA signer, pinned to the
 * EntryPoint it is deployed for (v0.8 on the dev chains; OpenZeppelin's default is v0.9). The sponsor service signs
 * the EIP-712 `UserOperationRequest` of each user operation it agrees to pay for; `paymasterData` is
 * validAfter (6 bytes) | validUntil (6 bytes) | signature (65 bytes). The owner manages the deposit and stake.
 */
contract PorticoPaymaster is PaymasterSigner, SignerECDSA, Ownable {
    IEntryPoint private immutable _entryPoint;

    constructor(IEntryPoint anEntryPoint, address signerAddr, address owner)
        EIP712("PorticoPaymaster", "1")
        SignerECDSA(signerAddr)
        Ownable(owner)
    {
        _entryPoint = anEntryPoint;
    }

    function entryPoint() public view override returns (IEntryPoint) {
        return _entryPoint;
    }

    /// Adds to this paymaster's deposit at the EntryPoint (anyone may fund it).
    function deposit() external payable {
        _deposit(msg.value);
    }

    function withdraw(address payable to, uint256 amount) external onlyOwner {
        _withdraw(to, amount);
    }

    function addStake(uint32 unstakeDelaySec) external payable onlyOwner {
        _addStake(msg.value, unstakeDelaySec);
    }

    function unlockStake() external onlyOwner {
        _unlockStake();
    }

    function withdrawStake(address payable to) external onlyOwner {
        _withdrawStake(to);
    }
}
