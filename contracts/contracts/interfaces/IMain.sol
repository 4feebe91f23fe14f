// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// @title Registration and referral tree of the platform
/// @notice Every account binds one registered referrer, once. The tree is rooted at a genesis account.
interface IMain {
    /// @notice A registered account: `index` is its 1-based registration number (0 means unregistered).
    struct User {
        uint256 index;
        address referrer;
    }

    /// @notice The referrer is not registered.
    error MainReferrerNotRegistered(address referrer);
    /// @notice The account has already bound a referrer.
    error MainAlreadyRegistered(address account);
    /// @notice The account tried to bind itself.
    error MainSelfReferral(address account);

    /// @notice Emitted when `user` registers under `referrer` as the `index`-th account.
    event Registered(address indexed user, address indexed referrer, uint256 index);

    /// @notice Registers the caller under `referrer`.
    function register(address referrer) external;

    /// @notice Returns the registration record of `account`.
    function users(address account) external view returns (uint256 index, address referrer);
}
