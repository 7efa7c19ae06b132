// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

/// A USDT-like token for the chain-deposit tests: 6 decimals, a standard `Transfer` event, and a
/// `mint` anyone may call (a test chain only). Compiled by the tests with solc-js (evm-token.ts).
contract TestUSDT {
    string public constant name = "Test Tether USD";
    string public constant symbol = "USDT";
    uint8 public constant decimals = 6;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 value);

    function mint(address to, uint256 value) external {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        require(balanceOf[msg.sender] >= value, "balance");
        balanceOf[msg.sender] -= value;
        balanceOf[to] += value;
        emit Transfer(msg.sender, to, value);
        return true;
    }

    /// Many transfers in one transaction (the benchmark's block of 1,000 transfers).
    function transferMany(address[] calldata to, uint256[] calldata value) external {
        for (uint256 i = 0; i < to.length; i++) {
            require(balanceOf[msg.sender] >= value[i], "balance");
            balanceOf[msg.sender] -= value[i];
            balanceOf[to[i]] += value[i];
            emit Transfer(msg.sender, to[i], value[i]);
        }
    }
}
