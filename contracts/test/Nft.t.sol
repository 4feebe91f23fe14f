// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {Nft} from "../contracts/Nft.sol";
import {NexusProxy} from "../contracts/NexusProxy.sol";
import {INft} from "../contracts/interfaces/INft.sol";
import {LocalUSDT} from "../contracts/local/LocalUSDT.sol";
import {RewardMath} from "../contracts/libraries/RewardMath.sol";
import {FuzzSelector, TestBase, Vm} from "./utils/Vm.sol";

function deployNft(address owner, address usdt) returns (Nft nft) {
    Nft implementation = new Nft();
    bytes memory data = abi.encodeCall(Nft.initialize, (owner, 1 hours, usdt, "ipfs://", 0));
    nft = Nft(address(new NexusProxy(address(implementation), data)));
    nft.createNFT(1, 1_000, "key", ".json");
    nft.createNFT(20, 50, "syndicate", ".json");
}

contract NftTest is TestBase {
    address internal constant ALICE = address(0xa11ce);
    address internal constant BOB = address(0xb0b);
    LocalUSDT internal usdt;
    Nft internal nft;

    function setUp() public {
        usdt = new LocalUSDT(address(this));
        nft = deployNft(address(this), address(usdt));
    }

    function test_mint_maxSupplyMinusOneMaxAndPlusOne() public {
        nft.mint(ALICE, 2, 49);
        nft.mint(ALICE, 2, 1);
        assertEq(nft.totalSupply(2), 50, "at max");
        vm.expectRevert(abi.encodeWithSelector(INft.MintExceedsMaxSupply.selector, 51, 50));
        nft.mint(ALICE, 2, 1);
    }

    function test_mint_strangerIsNotAuthorized() public {
        vm.prank(ALICE);
        vm.expectRevert(INft.NotAuthorized.selector);
        nft.mint(ALICE, 1, 1);
    }

    function test_transfer_insufficientBalance() public {
        nft.mint(ALICE, 1, 3);
        vm.prank(ALICE);
        vm.expectRevert(abi.encodeWithSelector(INft.InsufficientBalance.selector, ALICE, 1));
        nft.safeTransferFrom(ALICE, BOB, 1, 4, "");
    }

    /// @dev Settling never pays more than the exact share, and loses less than one wei over a holder's life.
    function testFuzz_rewardMath_neverPaysMoreThanExact(
        uint64 weight,
        uint96 a,
        uint96 b,
        uint64 newWeight
    ) public pure {
        uint256 w = bound(weight, 1, 1e12);
        uint256 acc1 = bound(a, 0, 1e30);
        uint256 acc2 = acc1 + bound(b, 0, 1e30);
        int256 debt = RewardMath.reweight(0, w, acc1, 0);
        (uint256 paid1, int256 debt1) = RewardMath.settle(w, acc2, debt);
        uint256 exact1 = (w * (acc2 - acc1)) / RewardMath.PRECISION;
        assertEq(paid1, exact1, "first settle is the floor of the exact share");
        uint256 w2 = bound(newWeight, 0, 1e12);
        int256 debt2 = RewardMath.reweight(w, w2, acc2, debt1);
        uint256 acc3 = acc2 + bound(uint256(b) * 7, 0, 1e30);
        (uint256 paid2, ) = RewardMath.settle(w2, acc3, debt2);
        uint256 exactScaled = w * (acc2 - acc1) + w2 * (acc3 - acc2);
        assertLe((paid1 + paid2) * RewardMath.PRECISION, exactScaled, "never more than exact");
        assertGe((paid1 + paid2 + 1) * RewardMath.PRECISION, exactScaled + 1, "less than one wei lost");
    }

    /// @dev Moving cards between two holders never changes the sum of what they can claim.
    function testFuzz_transfer_conservesDividends(uint16 moved, uint96 funding) public {
        // the owner mints at most MAX_OWNER_MINT (100) cards a call
        for (uint256 i; i < 10; ++i) nft.mint(ALICE, 1, 100);
        nft.mint(BOB, 2, 10);
        uint256 amount = bound(funding, 1, 1e30);
        usdt.mint(address(nft), amount);
        uint256 before = _claimable(ALICE) + _claimable(BOB);
        vm.prank(ALICE);
        nft.safeTransferFrom(ALICE, BOB, 1, bound(moved, 0, 1_000), "");
        assertEq(_claimable(ALICE) + _claimable(BOB), before, "conserved");
        assertLe(before, amount, "never more than funded");
        assertLe(amount - before, 2, "at most 1 wei per holder of rounding");
    }

    /// @dev One holder of one power point alone in the pool takes a distribution of up to 1e30 (all of it: it is
    /// the only weight), then ordinary holders join and a second distribution is shared: each is paid exactly
    /// floor(power * increments / 1e18), never more than was distributed, and nothing reverts.
    function testFuzz_onePointAlone_thenOrdinaryHolders(uint256 first, uint256 second, uint256 cards) public {
        uint256 a = bound(first, 1, 1e30);
        uint256 b = bound(second, 1, 1e30);
        uint256 n = bound(cards, 1, 50);
        nft.mint(ALICE, 1, 1); // 1 point
        usdt.mint(address(nft), a);
        nft.mint(BOB, 2, n); // shares `a` over ALICE's point before BOB's power arrives
        usdt.mint(address(nft), b);
        vm.prank(ALICE);
        nft.claimReward(); // shares `b` over 1 + 20 n points
        uint256 weight = 1 + 20 * n;
        uint256 inc2 = (b * RewardMath.PRECISION) / weight;
        assertEq(usdt.balanceOf(ALICE), a + inc2 / RewardMath.PRECISION, "the point: all of a, its share of b");
        assertEq(_claimable(BOB), (20 * n * inc2) / RewardMath.PRECISION, "the cards: their share of b");
        assertLe(usdt.balanceOf(ALICE) + _claimable(BOB), a + b, "never more than distributed");
    }

    /// @dev What arrives while nobody holds power waits, and the first holder's next distribution shares it.
    function testFuzz_emptyPool_waitsForTheFirstHolder(uint256 amount) public {
        uint256 a = bound(amount, 1, 1e30);
        usdt.mint(address(nft), a);
        nft.mint(ALICE, 1, 1);
        assertEq(nft.totalInfo().lastIndex, 0, "nothing distributed without power");
        assertEq(_claimable(ALICE), a, "the waiting amount is the first holder's");
        vm.prank(ALICE);
        nft.claimReward();
        assertEq(usdt.balanceOf(ALICE), a, "paid in full");
    }

    function _claimable(address account) internal view returns (uint256) {
        INft.UserInfo memory info = nft.getUserInfo(account);
        return info.user.balance + info.pending;
    }
}

/// @dev Mints, transfers, burns, funds and claims at random among four holders.
contract NftHandler {
    Vm internal constant VM = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    Nft public immutable nft;
    LocalUSDT public immutable usdt;
    address[4] public holders = [address(0x1001), address(0x1002), address(0x1003), address(0x1004)];
    uint256 public funded;
    uint256 public claimed;

    constructor() {
        usdt = new LocalUSDT(address(this));
        nft = deployNft(address(this), address(usdt));
    }

    function mint(uint256 holderSeed, uint256 idSeed, uint256 amount) external {
        uint256 id = 1 + (idSeed % 2);
        uint256 left = nft.maxSupply(id) - nft.totalMinted(id);
        if (left == 0) return;
        nft.mint(_holder(holderSeed), id, 1 + (amount % left));
    }

    function transfer(uint256 fromSeed, uint256 toSeed, uint256 idSeed, uint256 amount) external {
        address from = _holder(fromSeed);
        uint256 id = 1 + (idSeed % 2);
        uint256 balance = nft.balanceOf(from, id);
        VM.prank(from);
        nft.safeTransferFrom(from, _holder(toSeed), id, balance == 0 ? 0 : amount % (balance + 1), "");
    }

    function transferBatch(uint256 fromSeed, uint256 toSeed, uint256 amount) external {
        address from = _holder(fromSeed);
        uint256[] memory ids = new uint256[](3);
        uint256[] memory values = new uint256[](3);
        (ids[0], ids[1], ids[2]) = (1, 2, 1); // a duplicate id
        uint256 keys = nft.balanceOf(from, 1);
        values[0] = keys / 2;
        values[1] = nft.balanceOf(from, 2) == 0 ? 0 : amount % (nft.balanceOf(from, 2) + 1);
        values[2] = keys - keys / 2;
        VM.prank(from);
        nft.safeBatchTransferFrom(from, _holder(toSeed), ids, values, "");
    }

    function burn(uint256 holderSeed, uint256 idSeed, uint256 amount) external {
        address from = _holder(holderSeed);
        uint256 id = 1 + (idSeed % 2);
        uint256 balance = nft.balanceOf(from, id);
        if (balance == 0) return;
        VM.prank(from);
        nft.burn(from, id, 1 + (amount % balance));
    }

    function fund(uint256 amount) external {
        uint256 value = 1 + (amount % 1e24);
        usdt.mint(address(nft), value);
        funded += value;
    }

    function claim(uint256 holderSeed) external {
        address holder = _holder(holderSeed);
        INft.UserInfo memory info = nft.getUserInfo(holder);
        if (info.user.balance + info.pending == 0) return;
        uint256 before = usdt.balanceOf(holder);
        VM.prank(holder);
        nft.claimReward();
        claimed += usdt.balanceOf(holder) - before;
    }

    function holderCount() external pure returns (uint256) {
        return 4;
    }

    function _holder(uint256 seed) private view returns (address) {
        return holders[seed % 4];
    }
}

contract NftInvariantTest is TestBase {
    NftHandler internal handler;
    Nft internal nft;

    function setUp() public {
        handler = new NftHandler();
        nft = handler.nft();
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](6);
        selectors[0] = NftHandler.mint.selector;
        selectors[1] = NftHandler.transfer.selector;
        selectors[2] = NftHandler.transferBatch.selector;
        selectors[3] = NftHandler.burn.selector;
        selectors[4] = NftHandler.fund.selector;
        selectors[5] = NftHandler.claim.selector;
        targetSelector(FuzzSelector({addr: address(handler), selectors: selectors}));
    }

    /// @dev The handler's actions really run (so the invariants are not checked on a still system).
    function test_handler_actionsRun() public {
        handler.mint(0, 0, 10);
        handler.mint(1, 1, 3);
        handler.fund(1 ether);
        handler.transfer(0, 2, 0, 5);
        handler.transferBatch(1, 3, 2);
        handler.burn(2, 0, 1);
        handler.claim(0);
        assertTrue(handler.claimed() > 0, "claimed");
        invariant_supplyAndPower();
        invariant_paidPlusClaimableWithinFunded();
    }

    /// @dev Supply per id never exceeds its maximum; the sum of powers equals the balances times the powers.
    function invariant_supplyAndPower() public view {
        uint256 totalPower;
        uint256 cards;
        for (uint256 id = 1; id <= 2; ++id) {
            INft.Card memory card = nft.getCard(id);
            assertLe(card.supply, card.mints, "supply <= minted");
            assertLe(card.mints, card.total, "minted <= max supply");
            uint256 sum;
            for (uint256 i; i < 4; ++i) sum += nft.balanceOf(handler.holders(i), id);
            assertEq(sum, card.supply, "balances sum to supply");
            totalPower += sum * card.power;
            cards += sum;
        }
        INft.Totals memory totals = nft.totalInfo();
        assertEq(totals.totalPower, totalPower, "sum of powers");
        assertEq(totals.totalForce, cards, "cards in existence");
        uint256 userPowers;
        for (uint256 i; i < 4; ++i) userPowers += nft.getUserInfo(handler.holders(i)).power;
        assertEq(userPowers, totalPower, "holders' powers");
    }

    /// @dev Paid plus claimable never exceeds what was funded; what was distributed is all claimable, up to
    /// 1 wei per holder and per distribution of rounding.
    function invariant_paidPlusClaimableWithinFunded() public view {
        uint256 claimable;
        for (uint256 i; i < 4; ++i) {
            INft.UserInfo memory info = nft.getUserInfo(handler.holders(i));
            claimable += info.user.balance + info.pending;
        }
        uint256 paid = handler.claimed();
        assertLe(paid + claimable, handler.funded(), "within funded");
        INft.Totals memory totals = nft.totalInfo();
        assertEq(paid, totals.totalExtract, "claims counted");
        uint256 distributed = totals.rewardTotal;
        if (nft.totalInfo().totalPower != 0) {
            // with holders, the view also counts what arrived and is not distributed yet
            distributed = handler.funded();
        }
        assertLe(distributed, paid + claimable + 4 + 2 * totals.lastIndex + 2, "rounding bounded");
        assertLe(paid + claimable, usdt().balanceOf(address(nft)) + paid, "held");
    }

    function usdt() internal view returns (LocalUSDT) {
        return handler.usdt();
    }
}
