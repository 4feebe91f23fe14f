// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {NexusUpgradeable} from "./base/NexusUpgradeable.sol";
import {IBurn} from "./interfaces/IBurn.sol";
import {AutomationCompatibleInterface} from "./interfaces/external/AutomationCompatibleInterface.sol";
import {IFeeReceiver} from "./interfaces/IFeeReceiver.sol";
import {ILog} from "./interfaces/ILog.sol";
import {LogCodes} from "./libraries/LogCodes.sol";
import {IMain} from "./interfaces/IMain.sol";
import {Bounds} from "./libraries/Bounds.sol";
import {FeeMath} from "./libraries/FeeMath.sol";
import {BurnLib} from "./libraries/BurnLib.sol";
import {ExpiryQueue} from "./libraries/ExpiryQueue.sol";
import {RewardMath} from "./libraries/RewardMath.sol";
import {TeamLib} from "./libraries/TeamLib.sol";

/// @title Burn: orders that share the community pool by force, capped at 1.5x, out after 30 days (see {IBurn})
/// @notice Deployed behind an ERC-1967 proxy.
contract Burn is NexusUpgradeable, IFeeReceiver, IBurn, AutomationCompatibleInterface {
    using SafeERC20 for IERC20;
    using SafeCast for uint256;

    /// @notice How far up the tree team volumes, legs and levels are kept: an order adds its value to its nearest
    /// TEAM_DEPTH ancestors (a fresh chain costs ~45,000 gas per ancestor). Referral and team rewards reach `algebra`
    /// generations when larger (up to 20; the ancestors beyond TEAM_DEPTH keep their figures and earn by their level).
    /// (The bounds of the settings are {BurnLib}'s.)
    uint256 public constant TEAM_DEPTH = TeamLib.DEPTH;
    /// @notice The most expired orders of other users that a claim, `updateUser` or `updatePool` forces out (an
    /// order forces out none); `processExpired` and `performUpkeep` (anyone) do the rest in batches.
    uint256 public constant USER_OUTS = 1;
    /// @notice The most expired orders one `performUpkeep` forces out (keeps it under ~5,000,000 gas).
    uint256 public constant UPKEEP_OUTS = 25;
    /// @notice How long the buy-and-burn waits after a failed buy before it tries again (with half the amount).
    uint256 public constant SWAP_RETRY_DELAY = BurnLib.SWAP_RETRY_DELAY;

    /// @dev What a settlement of orders of one account sums ({_settleOrder}, {_applySettled}).
    struct Settled {
        uint256 accrued;
        uint256 paid;
        uint256 out;
    }

    // the settings and the rates, packed ({BurnLib-Config}, {BurnLib-Rates}; the views unpack them)
    BurnLib.Config private _settings;
    BurnLib.Rates private _multi;
    Addresses private _addresses;
    uint256 private _addTime;

    mapping(uint256 index => BurnLib.OrderRecord order) private _orders;
    mapping(address account => BurnLib.Account user) private _users;
    // an account's invitees registered here, by position (their count is its `Activity.invites`, no length word)
    mapping(address account => mapping(uint256 position => address invitee)) private _invites;
    // an account's order indexes, 8 to a word (32 bits each; their count is the account's `orders`)
    mapping(address account => mapping(uint256 word => uint256 indexes)) private _userOrders;

    // the totals ({BurnLib-Sums}: packed by what reads and writes them together)
    BurnLib.Sums private _sums;

    // team figures ({TeamLib})
    TeamLib.Teams private _team;
    // the valid orders by end time ({ExpiryQueue})
    ExpiryQueue.Heap private _expiries;
    // the value of an account's valid orders (`User.amount` counts every order it ever made) and the latest end of
    // them: it earns referral and team rewards only while both say it has a live order (finding 11); its blacklist
    // flag and invite counts beside them
    mapping(address account => BurnLib.Activity activity) private _active;
    // the buy-and-burn's next try after a failed one: at most `_swapTry` USDT (0 = the whole swap balance), not
    // before `_swapRetryAt`; without it a buy that cannot pass the TWAP minimum kept the upkeep due on every block
    uint128 private _swapTry;
    uint64 private _swapRetryAt;

    /// @custom:oz-upgrades-unsafe-allow constructor
    constructor() {
        _disableInitializers();
    }

    /// @notice Initializes the proxy: owner, upgrade delay, addresses, settings and rates.
    function initialize(
        address owner_,
        uint256 upgradeDelay_,
        Addresses calldata addresses,
        Settings calldata settings,
        ConfigMulti calldata multi
    ) external initializer {
        __NexusUpgradeable_init(owner_, upgradeDelay_);
        _addTime = block.timestamp;
        BurnLib.prime(_sums);
        _setAddresses(addresses);
        _setSettings(settings);
        _setMulti(multi);
    }

    /// @notice Accepts BNB from the router only (none is expected: swaps go BNB -> USDT).
    receive() external payable {
        if (msg.sender != _addresses.router) revert BurnUnexpectedBnb(msg.sender);
    }

    // --- user actions ------------------------------------------------------------------------------------

    /// @inheritdoc IBurn
    function burn(
        address account,
        uint256 times,
        uint256 amount,
        bool isBNB
    ) external payable whenNotPaused nonReentrant {
        BurnLib.Config storage s = _settings;
        if (times == 0) revert BurnZeroTimes();
        if (block.timestamp < s.startTime) revert BurnNotStarted(s.startTime);
        if (times > s.burnSurplus) revert BurnExceedsSurplus(times, s.burnSurplus);
        _checkNotBlacklisted(account);
        if (msg.sender != account) _checkNotBlacklisted(msg.sender);
        BurnLib.Account storage user = _users[account];
        if (user.index == 0) _register(account, address(0));
        _updatePool(0); // an order pays for its own work only (and must stay under 1,000,000 gas in deep trees)

        uint256 value = times * s.burnEvery;
        s.burnSurplus -= times;
        uint256 tokens = BurnLib.collect(_addresses, value, amount, isBNB, BurnLib.slippage(_multi.shares));
        _sums.lastBalance += value.toUint120();
        (uint256 index, uint256 endTime) = _createOrder(account, user, value, tokens, isBNB);
        emit OrderCreated(index, account, msg.sender, isBNB, value, tokens, amount, endTime);
        _logOrder(account, value, user.amount);
        _split(account, index, value, user.orders == 1);
    }

    /// @inheritdoc IBurn
    function claimReward() external nonReentrant {
        // no blacklist gate: a blacklisted account still takes out what it is owed (its balance and its orders'
        // dividends so far); the blacklist only stops its new orders, registrations and referral/team rewards
        _updatePool(USER_OUTS);
        BurnLib.Account storage user = _users[msg.sender];
        _settleUser(msg.sender, user);
        uint256 amount = user.balance;
        if (amount == 0) revert BurnNothingToClaim(msg.sender);
        user.balance = 0;
        _sums.balances -= uint128(amount); // amount <= balances (a part of them)
        _sums.lastBalance -= uint120(amount);
        _sums.totalExtract += amount.toUint120();
        uint256 fee = FeeMath.bps(amount, _settings.feeRate);
        emit RewardClaimed(msg.sender, amount, fee);
        LogCodes.write(
            ILog(_addresses.log),
            msg.sender,
            address(this),
            LogCodes.SYMBOL_USDT,
            LogCodes.ACTION_CLAIM,
            amount - fee,
            0
        );
        IERC20 usdt = IERC20(_addresses.usdt);
        usdt.safeTransfer(msg.sender, amount - fee);
        if (fee != 0) usdt.safeTransfer(_addresses.market, fee);
    }

    /// @inheritdoc IBurn
    function register(address referCode) external whenNotPaused nonReentrant {
        _checkNotBlacklisted(msg.sender);
        if (_users[msg.sender].index != 0) revert BurnAlreadyRegistered(msg.sender);
        _register(msg.sender, referCode);
    }

    /// @inheritdoc IBurn
    function updatePool() external nonReentrant {
        _updatePool(USER_OUTS);
        _swapBurn();
    }

    /// @inheritdoc IBurn
    function processExpired(uint256 maxCount) external nonReentrant returns (uint256 count) {
        Bounds.check("maxCount", maxCount, 1, BurnLib.MAX_HANDLE);
        count = _updatePool(maxCount);
    }

    /// @notice Chainlink Automation: due when an expired order waits in the queue, USDT arrived unaccounted, the
    /// pool can be shared, or the swap balance waits for its buy-and-burn.
    function checkUpkeep(bytes calldata) external view returns (bool upkeepNeeded, bytes memory performData) {
        return (_upkeepDue(), "");
    }

    /// @notice Forces out up to `UPKEEP_OUTS` expired orders, shares the pool and runs the buy-and-burn (what
    /// `processExpired` and `updatePool` do); reverts with {BurnUpkeepNotDue} when `checkUpkeep` says false.
    /// Anyone may call; it pays the caller nothing.
    function performUpkeep(bytes calldata) external nonReentrant {
        if (!_upkeepDue()) revert BurnUpkeepNotDue();
        _updatePool(UPKEEP_OUTS);
        _swapBurn();
    }

    /// @dev Buys NEX with the swap balance and burns it. A buy that fails (TWAP not ready, price impact over the
    /// token's slippage) is retried after SWAP_RETRY_DELAY with about half the amount; a piece that passes lets the
    /// next one be twice as large (the whole balance once that covers it). So no call retries on every block, a
    /// balance too large for the pair is burned in pieces, and one failure (e.g. before the TWAP is ready) does not
    /// leave every later buy at its small size: a balance B after the size fell to s takes about log2(B / s) buys,
    /// not B / s upkeeps paid by the keeper.
    function _swapBurn() private {
        if (_sums.swapBalance == 0 || block.timestamp < _swapRetryAt) return;
        (uint256 nextTry, uint256 retryAt) = BurnLib.swapStep(
            _sums,
            _addresses.token,
            _addresses.usdt,
            _swapTry,
            _swapRetryAt
        );
        // nextTry < the swap balance (128 bits); retryAt a block time plus SWAP_RETRY_DELAY
        (_swapTry, _swapRetryAt) = (uint128(nextTry), uint64(retryAt));
    }

    /// @inheritdoc IBurn
    function updateUser(address account) external nonReentrant {
        _updatePool(USER_OUTS);
        _settleUser(account, _users[account]);
    }

    /// @notice Fee hook of the NEX token: accounts USDT that arrived into the pool. Anyone may call; it only
    /// accounts tokens the contract really holds.
    function onFeeReceived(address token, uint256) external nonReentrant {
        if (token == _addresses.usdt) _sync();
    }

    // --- owner -------------------------------------------------------------------------------------------

    /// @inheritdoc IBurn
    function setConfig(Settings calldata settings) external onlyOwner {
        _setSettings(settings);
    }

    /// @inheritdoc IBurn
    function setConfigMulti(ConfigMulti calldata multi) external onlyOwner {
        _setMulti(multi);
    }

    /// @inheritdoc IBurn
    function setAddresses(Addresses calldata addresses) external onlyOwner {
        _setAddresses(addresses);
    }

    /// @inheritdoc IBurn
    function setBlacklist(address account, bool blacklisted) external onlyOwner {
        _active[account].blacklisted = blacklisted;
        emit BlacklistUpdated(account, blacklisted);
    }

    /// @inheritdoc IBurn
    function setTeam(address account, bool isManual, uint256 level) external onlyOwner {
        BurnLib.setTeam(_team, IMain(_addresses.main), _multi, account, isManual, level);
    }

    // --- views -------------------------------------------------------------------------------------------

    /// @inheritdoc IBurn
    function getConfig() external view returns (Config memory) {
        _return(BurnLib.getConfig(_settings, _addTime));
    }

    /// @inheritdoc IBurn
    function getConfigMulti() external view returns (ConfigMulti memory) {
        _return(BurnLib.getMulti(_multi));
    }

    /// @inheritdoc IBurn
    function getAddresses() external view returns (Addresses memory) {
        return _addresses;
    }

    /// @inheritdoc IBurn
    function getSwapBnb(uint256 amountBNB) external view returns (uint256) {
        return BurnLib.quote(_addresses, amountBNB, false);
    }

    /// @inheritdoc IBurn
    function getSwapTokens(uint256 amountBNB) external view returns (uint256) {
        return BurnLib.quote(_addresses, amountBNB, true);
    }

    /// @inheritdoc IBurn
    function orders(uint256 index) external view returns (Order memory) {
        _return(BurnLib.orderView(_order(index), index));
    }

    /// @inheritdoc IBurn
    function teams(address account) external view returns (Team memory) {
        _return(BurnLib.teamView(_team, _active[account], IMain(_addresses.main), _multi, account));
    }

    /// @inheritdoc IBurn
    function users(address account) external view returns (User memory) {
        _return(BurnLib.userView(_users[account]));
    }

    /// @inheritdoc IBurn
    function userInvites(address account, uint256 index) external view returns (address) {
        if (index >= _active[account].invites) BurnLib.outOfBounds();
        return _invites[account][index];
    }

    /// @inheritdoc IBurn
    function userInviteCount(address account) external view returns (uint256) {
        return _active[account].invites;
    }

    /// @inheritdoc IBurn
    function userOrderIndex(address account, uint256 index) external view returns (uint256) {
        return BurnLib.orderIndex(_userOrders[account], _users[account].orders, index);
    }

    /// @inheritdoc IBurn
    function totalInfo() external view returns (Totals memory) {
        _return(BurnLib.totalInfo(_sums, _expiries));
    }

    /// @inheritdoc IBurn
    function pendingReward(uint256 index) external view returns (uint256) {
        return BurnLib.pendingReward(_order(index), _sums, _expiries, _addresses.usdt);
    }

    /// @inheritdoc IBurn
    function getReserves() external view returns (Reserves memory) {
        _return(BurnLib.reserves(_sums));
    }

    /// @inheritdoc IBurn
    function isBlacklisted(address account) external view returns (bool) {
        return _active[account].blacklisted;
    }

    // --- internals: orders and the pool --------------------------------------------------------------------

    function _createOrder(
        address account,
        BurnLib.Account storage user,
        uint256 value,
        uint256 tokens,
        bool isBNB
    ) private returns (uint256 index, uint256 endTime) {
        BurnLib.Config storage s = _settings;
        index = ++_sums.totalOrder; // < 2^32: an account's order list keeps indexes in 32 bits (checked there)
        endTime = block.timestamp + s.outDays * s.dayTimes;
        BurnLib.createOrder(
            _orders,
            _userOrders[account],
            user,
            _active[account],
            BurnLib.NewOrder({
                account: account,
                index: index,
                value: value,
                tokens: tokens,
                endTime: endTime,
                debt: RewardMath.reweight(0, value, _sums.perForce, 0),
                rewardSurplus: (value * s.rewardRate) / FeeMath.BPS,
                isBNB: isBNB
            })
        );
        ExpiryQueue.push(_expiries, endTime, index);
        uint128 value128 = uint128(value); // < 2^96 (checked by createOrder)
        _sums.totalForce += value128;
        _sums.totalAmount += uint120(value);
        _sums.totalTokens += uint128(tokens); // < 2^128 (checked by createOrder)
    }

    /// @dev Splits an order's value: pool, referral and team rewards, NFT dividends, NEX burn, market.
    function _split(address account, uint256 index, uint256 value, bool firstOrder) private {
        uint256 shares = _multi.shares;
        uint256 community = FeeMath.bps(value, BurnLib.burnRate(shares, 0));
        uint256 swap = FeeMath.bps(value, _settings.swapRate);
        uint256 nftShare = FeeMath.bps(value, BurnLib.burnRate(shares, 4));
        _sums.pool += uint128(community); // parts of the value (< 2^96)
        _sums.swapBalance += uint120(swap);
        uint256 credited = _rewardAncestors(account, index, value, firstOrder);
        uint256 market = value - community - swap - nftShare - credited;
        _sums.lastBalance -= uint120(nftShare + market);
        IERC20 usdt = IERC20(_addresses.usdt);
        if (nftShare != 0) usdt.safeTransfer(_addresses.nft, nftShare);
        if (market != 0) usdt.safeTransfer(_addresses.market, market);
    }

    /// @dev Walks up Main's tree (bounded by its `generations`): team figures and levels of the nearest
    /// `TEAM_DEPTH` ({TeamLib}); direct, indirect (within `algebra`) and team rewards ({BurnLib-rewardAncestors}).
    /// Returns what was credited.
    function _rewardAncestors(
        address account,
        uint256 index,
        uint256 value,
        bool firstOrder
    ) private returns (uint256 credited) {
        uint256 algebra = _settings.algebra;
        (address[] memory ancestors, uint256[] memory levels) = TeamLib.addFrom(
            _team,
            IMain(_addresses.main),
            account,
            algebra > TEAM_DEPTH ? algebra : TEAM_DEPTH,
            value,
            firstOrder,
            BurnLib.thresholds(_multi),
            true
        );
        for (uint256 k; k < ancestors.length; ++k) {
            address ancestor = ancestors[k];
            if (levels[k] & TeamLib.CHANGED != 0) emit TeamLevelUpdated(ancestor, uint8(levels[k]));
            BurnLib.Activity storage activity = _active[ancestor];
            if (firstOrder && k == 0) ++activity.inviteValids;
            // only an account with a live order earns (finding 11: not one whose orders have all ended or reached
            // their cap, forced out yet or not)
            if (BurnLib.earns(activity)) levels[k] |= BurnLib.EARNS;
        }
        credited = BurnLib.rewardAncestors(
            _users,
            _multi,
            ILog(_addresses.log),
            BurnLib.Order({account: account, index: index, value: value, algebra: algebra}),
            ancestors,
            levels
        );
        if (credited != 0) {
            _sums.balances += uint128(credited); // a part of the value (< 2^96)
            _sums.totalRewardInvite += uint128(credited);
        }
    }

    /// @dev Accounts new USDT into the pool, forces out at most `maxOuts` expired orders, earliest end first
    /// ({ExpiryQueue}), then shares the pool unless an expired order is still queued (it must not share new funds).
    /// Returns the queue entries it took out (an entry of an order already out at its cap counts too).
    function _updatePool(uint256 maxOuts) private returns (uint256 count) {
        _sync();
        ExpiryQueue.Heap storage queue = _expiries;
        (uint256 endTime, uint256 index) = ExpiryQueue.top(queue);
        for (; count < maxOuts && endTime <= block.timestamp; ++count) {
            ExpiryQueue.pop(queue);
            BurnLib.OrderRecord storage o = _orders[index];
            uint256 head = BurnLib.head(o);
            if (head & BurnLib.VALID != 0) {
                Settled memory settled;
                _settleOrder(index, o, head, settled);
                address owner = BurnLib.owner(head);
                _applySettled(owner, _users[owner], settled);
            }
            (endTime, index) = ExpiryQueue.top(queue);
        }
        if (endTime <= block.timestamp) return count;
        uint256 pool = _sums.pool;
        uint256 totalForce = _sums.totalForce;
        // below the weight floor (and with no force at all) the pool waits for the next sharing
        (uint256 inc, uint256 consumed) = RewardMath.incrementAbove(pool, totalForce, BurnLib.FORCE_FLOOR);
        if (inc == 0) return count;
        uint256 perForce = _sums.perForce + inc;
        _sums.perForce = perForce;
        _sums.pool = uint128(pool - consumed); // consumed <= pool
        _sums.owed += uint128(consumed);
        uint256 distribution = ++_sums.lastIndex;
        emit PoolDistributed(distribution, consumed, totalForce, perForce);
    }

    function _upkeepDue() private view returns (bool) {
        return BurnLib.upkeepDue(_expiries, _sums, _swapRetryAt, _addresses.usdt);
    }

    function _sync() private {
        uint256 balance = IERC20(_addresses.usdt).balanceOf(address(this));
        uint256 last = _sums.lastBalance;
        if (balance <= last) return;
        uint256 amount = balance - last;
        _sums.lastBalance = balance.toUint120();
        _sums.pool += uint128(amount); // amount <= balance
        emit PoolFunded(amount);
    }

    /// @dev Settles `account`'s valid orders from its `lastOut`, at most `handleGas` of them.
    function _settleUser(address account, BurnLib.Account storage user) private {
        mapping(uint256 => uint256) storage list = _userOrders[account];
        uint256 length = user.orders;
        uint256 limit = _settings.handleGas;
        uint256 first = user.lastOut;
        uint256 lastOut = first;
        bool leading = true;
        uint256 liveUntil;
        uint256 j = first;
        uint256 word;
        Settled memory settled;
        for (; j < length && j - first < limit; ++j) {
            if (j == first || j & 7 == 0) word = list[j >> 3]; // one read per word of 8 indexes
            uint256 index = uint32(word >> ((j & 7) * 32));
            BurnLib.OrderRecord storage o = _orders[index];
            uint256 head = BurnLib.head(o);
            bool valid = head & BurnLib.VALID != 0;
            if (valid) valid = _settleOrder(index, o, head, settled);
            if (leading && !valid) lastOut = j + 1;
            else leading = false;
            // a valid order's end time is the one read (only an order going out changes it)
            if (valid && BurnLib.endTime(head) > liveUntil) liveUntil = BurnLib.endTime(head);
        }
        _applySettled(account, user, settled);
        if (lastOut != first) user.lastOut = uint32(lastOut); // lastOut <= orders < 2^32
        // every valid order seen: the latest end among them is exact again (an order that reached its cap ended early)
        if (j == length) {
            BurnLib.Activity storage activity = _active[account];
            if (activity.liveUntil != liveUntil) activity.liveUntil = uint40(liveUntil);
        }
    }

    /// @dev Settles an order's accrued dividends up to its cap (the overflow goes back to the pool), and forces it
    /// out at its cap or once expired; adds what it accrued, paid and took out of the force to `settled` (the caller
    /// applies the sums once, {_applySettled}: a claim settling up to `handleGas` orders writes the totals and the
    /// account once, not once an order). `head` is the order's first word ({BurnLib-head}: owner, times and flags),
    /// read once by the caller. Returns whether the order is still valid.
    function _settleOrder(
        uint256 index,
        BurnLib.OrderRecord storage o,
        uint256 head,
        Settled memory settled
    ) private returns (bool valid) {
        uint256 amount = o.amount;
        int256 debt = ~o.debtNot;
        (uint256 accrued, int256 newDebt) = RewardMath.settle(amount, _sums.perForce, debt);
        if (newDebt != debt) o.debtNot = ~newDebt;
        (uint256 surplus, uint256 reward) = BurnLib.payouts(o);
        uint256 pay = accrued < surplus ? accrued : surplus;
        address owner = BurnLib.owner(head);
        if (accrued != 0) {
            settled.accrued += accrued;
            settled.paid += pay;
            surplus -= pay;
            reward += pay;
            // one write: surplus <= the previous uint128 value, reward + surplus never grows
            (o.rewardSurplus, o.reward) = (uint128(surplus), uint128(reward));
            emit OrderSettled(index, owner, pay, accrued - pay);
        }
        bool capped = surplus == 0;
        uint256 endTime = BurnLib.endTime(head);
        if (capped || endTime <= block.timestamp) {
            o.isValid = false;
            if (endTime > block.timestamp) o.endTime = uint40(block.timestamp);
            settled.out += amount;
            emit OrderOut(index, owner, reward, capped);
            return false;
        }
        return true;
    }

    /// @dev Applies what {_settleOrder} summed for `owner`'s orders: the accrued dividends leave what is owed (the
    /// part above the orders' caps goes back to the pool), the paid part goes to the account's balance, and the
    /// orders taken out leave the force and the account's live value.
    function _applySettled(address owner, BurnLib.Account storage user, Settled memory settled) private {
        uint256 accrued = settled.accrued;
        if (accrued != 0) {
            _sums.owed -= accrued.toUint128(); // accrued <= owed (the shared part it is paid from)
            _sums.pool += uint128(accrued - settled.paid);
            uint128 paid = uint128(settled.paid); // paid <= accrued
            user.balance += paid;
            user.total += paid;
            _sums.balances += paid;
            _sums.totalReward += paid;
        }
        uint256 out = settled.out;
        if (out != 0) {
            // a sum of at most MAX_HANDLE order values (each < 2^96), part of the force and of the account's value
            _sums.totalForce -= uint128(out);
            _active[owner].amount -= uint128(out);
        }
    }

    // --- internals: users, teams, settings -----------------------------------------------------------------

    function _register(address account, address referCode) private {
        BurnLib.register(_users, _invites, _active, _sums, IMain(_addresses.main), account, referCode);
    }

    function _setSettings(Settings calldata s) private {
        BurnLib.setSettings(_settings, _multi, s);
    }

    function _setMulti(ConfigMulti calldata m) private {
        BurnLib.setMulti(_multi, _settings, m);
    }

    function _setAddresses(Addresses calldata a) private {
        BurnLib.setAddresses(_addresses, a);
    }

    /// @dev An order's Log entry: its value in USDT (paid in USDT or BNB), the account's amount in orders after it.
    function _logOrder(address account, uint256 value, uint256 balance) private {
        LogCodes.write(
            ILog(_addresses.log),
            account,
            address(this),
            LogCodes.SYMBOL_USDT,
            LogCodes.ACTION_BURN,
            value,
            balance
        );
    }

    function _order(uint256 index) private view returns (BurnLib.OrderRecord storage) {
        if (index == 0 || index > _sums.totalOrder) revert BurnUnknownOrder(index);
        return _orders[index];
    }

    function _checkNotBlacklisted(address account) private view {
        if (_active[account].blacklisted) revert BurnBlacklisted(account);
    }

    /// @dev Ends a view with `data`, the ABI encoding of its return value made by {BurnLib} (so that Burn's code
    /// neither decodes nor re-encodes the struct: Burn is at the 24 KB limit).
    function _return(bytes memory data) private pure {
        assembly ("memory-safe") {
            return(add(data, 0x20), mload(data))
        }
    }

    /// @dev The USDT held for users (plus any that arrived and is not accounted yet: it belongs to the pool).
    function _claimable(address token) internal view override returns (uint256) {
        return token == _addresses.usdt ? BurnLib.held(_sums, token) : 0;
    }
}
