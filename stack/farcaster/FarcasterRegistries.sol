// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/**
 * The two reads Farcaster sign-in verification makes, on the dev chain at the addresses of the OP mainnet
 * contracts (the stack puts this code there with anvil_setCode, so no constructor runs):
 *   IdRegistry.idOf(custody) -> fid, KeyRegistry.keyDataOf(fid, key) -> (state, keyType).
 * Registration is open to anyone for their own address (the real IdGateway also registers msg.sender as custody,
 * with a fee and a recovery address we do not model).
 */
contract DevIdRegistry {
    uint256 public idCounter;
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;
    mapping(uint256 => address) public recoveryOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    function register(address recovery) external returns (uint256 fid) {
        require(idOf[msg.sender] == 0, "has id");
        fid = ++idCounter;
        idOf[msg.sender] = fid;
        custodyOf[fid] = msg.sender;
        recoveryOf[fid] = recovery;
        emit Register(msg.sender, fid, recovery);
    }
}

contract DevKeyRegistry {
    struct KeyData {
        uint8 state;
        uint32 keyType;
    }

    mapping(uint256 => mapping(bytes => KeyData)) internal keys;

    /** No keys are ever added on the dev chain: sign-in is by the custody address. */
    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }
}
