// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/interfaces/IERC1271.sol";
import "@account-abstraction/contracts/accounts/SimpleAccount.sol";

/**
 * The embedded wallet's smart account: eth-infinitism's SimpleAccount (ERC-4337 v0.8, one owner) plus ERC-1271, so
 * apps can verify its signatures (SIWX, smart sessions). The owner signs a replay-safe EIP-712 wrapper of the hash,
 * bound to this account and chain: PorticoMessage(bytes32 hash) in the domain
 * { name: "Portico Account", version: "1", chainId, verifyingContract: this account }.
 */
contract PorticoAccount is SimpleAccount, IERC1271 {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant MESSAGE_TYPEHASH = keccak256("PorticoMessage(bytes32 hash)");

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("Portico Account"), keccak256("1"), block.chainid, address(this))
        );
        return keccak256(abi.encodePacked("\x19\x01", domain, keccak256(abi.encode(MESSAGE_TYPEHASH, hash))));
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError err, ) = ECDSA.tryRecover(replaySafeHash(hash), signature);
        return err == ECDSA.RecoverError.NoError && signer == owner ? IERC1271.isValidSignature.selector : bytes4(0xffffffff);
    }
}

/**
 * SimpleAccountFactory's interface for PorticoAccount. Unlike the sample factory, anyone may call createAccount: the
 * address depends only on owner and salt, and ERC-6492 verifiers deploy a counterfactual account through it.
 */
contract PorticoAccountFactory {
    PorticoAccount public immutable accountImplementation;

    constructor(IEntryPoint entryPoint) {
        accountImplementation = new PorticoAccount(entryPoint);
    }

    function createAccount(address owner, uint256 salt) public returns (PorticoAccount ret) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) return PorticoAccount(payable(addr));
        ret = PorticoAccount(
            payable(new ERC1967Proxy{salt: bytes32(salt)}(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner))))
        );
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Create2.computeAddress(
            bytes32(salt),
            keccak256(
                abi.encodePacked(
                    type(ERC1967Proxy).creationCode,
                    abi.encode(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner)))
                )
            )
        );
    }
}
