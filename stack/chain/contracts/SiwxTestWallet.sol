// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A minimal EIP-1271 contract wallet for the sign-in (SIWX) tests: a signature is valid when it recovers to the
/// owner from the hash the verifier passes. Accepts a 65-byte r,s,v signature (v may be 0/1 or 27/28) and the
/// 66-byte form some wallets append a signature-type byte to (the byte is ignored).
contract SiwxTestWallet {
    bytes4 internal constant MAGIC = 0x1626ba7e;
    address public owner;

    constructor(address initialOwner) {
        owner = initialOwner;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65 && signature.length != 66) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC : bytes4(0xffffffff);
    }
}

/// Deploys SiwxTestWallet at a CREATE2 address known before deployment (EIP-6492 counterfactual wallets).
contract SiwxTestWalletFactory {
    function deploy(address walletOwner, bytes32 salt) external returns (address wallet) {
        wallet = address(new SiwxTestWallet{salt: salt}(walletOwner));
    }

    function addressOf(address walletOwner, bytes32 salt) external view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(SiwxTestWallet).creationCode, abi.encode(walletOwner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }
}
