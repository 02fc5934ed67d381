// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/// A small ERC-721 whose metadata lives on chain (a data: URI), so the local stack needs no image host.
contract PorticoPunks {
    string public constant name = "Portico Punks";
    string public constant symbol = "PPUNK";

    mapping(uint256 => address) private owners;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(address[] memory mintTo, uint256[] memory tokenIds) {
        require(mintTo.length == tokenIds.length, "mintTo/tokenIds length");
        for (uint256 i = 0; i < tokenIds.length; i++) {
            require(owners[tokenIds[i]] == address(0), "ERC721: token already minted");
            owners[tokenIds[i]] = mintTo[i];
            balanceOf[mintTo[i]] += 1;
            emit Transfer(address(0), mintTo[i], tokenIds[i]);
        }
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x80ac58cd // ERC-721
            || interfaceId == 0x5b5e139f; // ERC-721 metadata
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address owner = owners[tokenId];
        require(owner != address(0), "ERC721: invalid token ID");
        return owner;
    }

    function approve(address to, uint256 tokenId) external {
        address owner = ownerOf(tokenId);
        require(msg.sender == owner || isApprovedForAll[owner][msg.sender], "ERC721: not owner nor operator");
        getApproved[tokenId] = to;
        emit Approval(owner, to, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address owner = ownerOf(tokenId);
        require(owner == from, "ERC721: transfer from incorrect owner");
        require(to != address(0), "ERC721: transfer to the zero address");
        require(
            msg.sender == owner || getApproved[tokenId] == msg.sender || isApprovedForAll[owner][msg.sender],
            "ERC721: caller is not token owner or approved"
        );
        delete getApproved[tokenId];
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            require(
                IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data)
                    == IERC721Receiver.onERC721Received.selector,
                "ERC721: transfer to non ERC721Receiver implementer"
            );
        }
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        string memory id = _decimal(tokenId);
        // The hue follows the id so each punk looks different in the gallery.
        string memory hue = _decimal((tokenId * 67) % 360);
        bytes memory svg = abi.encodePacked(
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64' width='256' height='256'>",
            "<rect width='64' height='64' fill='hsl(", hue, ",70%,55%)'/>",
            "<rect x='18' y='14' width='28' height='34' rx='6' fill='#f1c27d'/>",
            "<rect x='24' y='26' width='5' height='5' fill='#222'/><rect x='35' y='26' width='5' height='5' fill='#222'/>",
            "<rect x='26' y='38' width='12' height='3' fill='#8a3b12'/>",
            "<text x='32' y='60' font-size='7' text-anchor='middle' fill='#fff' font-family='monospace'>#", id, "</text>",
            "</svg>"
        );
        bytes memory json = abi.encodePacked(
            '{"name":"Portico Punk #', id,
            '","description":"A Portico Punk from the local dev chain.","image":"data:image/svg+xml;base64,',
            _base64(svg),
            '"}'
        );
        return string(abi.encodePacked("data:application/json;base64,", _base64(json)));
    }

    function _decimal(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (uint256 i = digits; i > 0; i--) {
            out[i - 1] = bytes1(uint8(48 + (value % 10)));
            value /= 10;
        }
        return string(out);
    }

    function _base64(bytes memory data) private pure returns (string memory) {
        bytes memory alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        uint256 len = data.length;
        if (len == 0) return "";
        bytes memory out = new bytes(4 * ((len + 2) / 3));
        uint256 o;
        for (uint256 i = 0; i < len; i += 3) {
            uint256 chunk = uint256(uint8(data[i])) << 16;
            if (i + 1 < len) chunk |= uint256(uint8(data[i + 1])) << 8;
            if (i + 2 < len) chunk |= uint256(uint8(data[i + 2]));
            out[o++] = alphabet[(chunk >> 18) & 63];
            out[o++] = alphabet[(chunk >> 12) & 63];
            out[o++] = i + 1 < len ? alphabet[(chunk >> 6) & 63] : bytes1("=");
            out[o++] = i + 2 < len ? alphabet[chunk & 63] : bytes1("=");
        }
        return string(out);
    }
}
