/**
 * The GraphQL schema of the indexer (documented in apps/indexer/README.md). Lists are cursor pages: `first`
 * (1-100, default 20) and `after` (the previous page's `pageInfo.endCursor`), newest first, in a stable order
 * (ties broken by block and log index). Addresses are lowercase 0x strings; uint256 and block numbers `BigInt`.
 */
export const typeDefs = /* GraphQL */ `
  "An integer of any size, as a decimal string (uint256 amounts, block numbers)."
  scalar BigInt

  "Where the indexer stands against the chain."
  type IndexerStatus {
    chainId: Int!
    "Latest block of the chain node; null when the node does not answer."
    chainHead: BigInt
    "Highest block whose events are written; null before the first range."
    indexedBlock: BigInt
    "Highest indexed block with at least 'confirmations' blocks on top; data up to it is final."
    confirmedBlock: BigInt
    "chainHead - indexedBlock."
    lag: BigInt
    "Blocks a row needs on top of it to count as confirmed (the CONFIRMATIONS setting)."
    confirmations: Int!
  }

  type PageInfo {
    hasNextPage: Boolean!
    "Pass as 'after' for the next page."
    endCursor: String
  }

  "One entry of the Log contract's action log."
  type ActionLogEntry {
    index: BigInt!
    owner: String!
    from: String!
    writer: String!
    userIndex: BigInt!
    symbol: String!
    action: String!
    isReduce: Boolean!
    isReward: Boolean!
    amount: BigInt!
    balance: BigInt!
    startTime: BigInt!
    blockNumber: BigInt!
    transactionHash: String!
  }
  type ActionLogPage {
    nodes: [ActionLogEntry!]!
    pageInfo: PageInfo!
    "Entries matching the filters (all pages)."
    totalCount: Int!
  }

  "Rewards of one symbol, as the Log contract's getUserReward computes them (days of dayTimes seconds)."
  type Reward {
    symbol: String!
    total: BigInt!
    today: BigInt!
    yesterday: BigInt!
  }

  "Rewards of one symbol on one day of the Log contract (days of dayTimes seconds)."
  type DailyReward {
    symbol: String!
    "The day's number: its start time divided by dayTimes."
    day: BigInt!
    "The day's start time (Unix seconds)."
    startTime: BigInt!
    amount: BigInt!
  }

  "The token an order was paid in."
  enum PaymentToken {
    USDT
    BNB
    NEX
  }

  "An order (Burn, Fomo, SuperFomo), stake (Stake, Mining) or record (Double)."
  type Order {
    contract: String!
    index: BigInt!
    owner: String!
    amount: BigInt!
    tokens: BigInt!
    "active, or the status of the latest change: settled/out (Burn), released (Fomo, Mining), releasing/completed (Stake, Double)."
    status: String!
    "Other fields of the creating event as JSON (isBNB, round, tier, force, reward, ...); the typed fields below read them."
    details: String!
    "What the order was paid in: BNB or USDT (Burn's isBNB), USDT or NEX (Fomo's isUSDT); null where the event does not say."
    paymentToken: PaymentToken
    "Whether the order was paid in BNB (Burn's isBNB; false for every other order)."
    isBNB: Boolean!
    "The FOM round the order joined (Fomo, SuperFomo); null for other orders."
    round: BigInt
    startTime: BigInt!
    endTime: BigInt
    blockNumber: BigInt!
    transactionHash: String!
    "State changes, oldest first."
    changes: [OrderChange!]!
  }
  type OrderChange {
    eventName: String!
    status: String!
    amount: BigInt!
    details: String!
    blockNumber: BigInt!
    timestamp: BigInt!
    transactionHash: String!
  }
  type OrderPage {
    nodes: [Order!]!
    pageInfo: PageInfo!
    totalCount: Int!
  }

  "A minting (IDO) purchase."
  type Mint {
    account: String!
    round: BigInt!
    times: BigInt!
    amount: BigInt!
    amountNEX: BigInt!
    tokens: BigInt!
    nfts: BigInt!
    payment: Int!
    blockNumber: BigInt!
    timestamp: BigInt!
    transactionHash: String!
  }
  type MintPage {
    nodes: [Mint!]!
    pageInfo: PageInfo!
  }

  "A member of an account's team."
  type Member {
    account: String!
    referrer: String!
    "1 for a direct invitation, 2+ for indirect members."
    distance: Int!
    "Main's registration number."
    index: BigInt!
    registeredAt: BigInt!
    "Sum of the member's order/stake amounts (in 'contract' when given, else in every contract)."
    amount: BigInt!
  }
  type MemberPage {
    nodes: [Member!]!
    pageInfo: PageInfo!
  }

  type Team {
    account: String!
    registered: Boolean!
    referrer: String
    directCount: Int!
    indirectCount: Int!
    "All descendants in the referral tree."
    teamSize: Int!
    "Sum of the descendants' order/stake amounts (in 'contract' when given)."
    teamVolume: BigInt!
    "Latest team level set in 'contract' (Burn when not given); 0 when never set."
    level: Int!
    isManual: Boolean!
  }

  "An amount credited or paid to an account (rewards, claims, prizes, dividends, synthesis), by event."
  type AccountEvent {
    contract: String!
    kind: String!
    account: String!
    counterparty: String
    amount: BigInt!
    "The event's other arguments as JSON; the typed fields below read them."
    details: String!
    "The order that credited the reward (Burn's RewardCredited orderIndex); null for other events."
    orderIndex: BigInt
    "A Burn credit's kind (RewardCredited: 1 direct, 2 indirect, 3 team); null for other events."
    creditKind: Int
    "The team level of a team reward (TeamRewarded level); null for other events."
    level: Int
    "The referral generation (ReferralRewarded: 1 direct, 2 indirect); null for other events."
    generation: Int
    "The round of a prize (PrizeClaimed round); null for other events."
    round: BigInt
    "The fee taken from a claim (RewardClaimed, PrizeClaimed fee); null for other events."
    fee: BigInt
    blockNumber: BigInt!
    timestamp: BigInt!
    transactionHash: String!
  }
  type AccountEventPage {
    nodes: [AccountEvent!]!
    pageInfo: PageInfo!
  }

  type NftTransfer {
    operator: String!
    from: String!
    to: String!
    tokenId: BigInt!
    value: BigInt!
    blockNumber: BigInt!
    timestamp: BigInt!
    transactionHash: String!
  }
  type NftTransferPage {
    nodes: [NftTransfer!]!
    pageInfo: PageInfo!
  }

  "One of the latest qualifying orders of a round (they share the pot)."
  type RoundWinner {
    "0 = the latest order."
    position: Int!
    orderIndex: BigInt!
    owner: String
  }
  type FomoRound {
    contract: String!
    round: BigInt!
    settled: Boolean!
    endTime: BigInt!
    pot: BigInt
    paid: BigInt
    settler: String
    "The transaction that settled the round; null while it runs."
    settlementTransaction: String
    winners: [RoundWinner!]!
    "Prizes claimed for this round."
    prizes: [AccountEvent!]!
  }
  type FomoRoundPage {
    nodes: [FomoRound!]!
    pageInfo: PageInfo!
  }

  type TokenBurn {
    contract: String!
    kind: String!
    account: String
    amount: BigInt!
    blockNumber: BigInt!
    timestamp: BigInt!
    transactionHash: String!
  }
  type TokenBurnPage {
    nodes: [TokenBurn!]!
    pageInfo: PageInfo!
  }

  "A privileged action, with old and new values where the event carries them."
  type AdminAction {
    contract: String!
    eventName: String!
    target: String
    oldValue: String
    newValue: String
    """
    The newValue of the same contract's previous event of this name (null for its first): the value before, for a
    settings event that carries only the new one (a whole settings tuple).
    """
    previousValue: String
    "All arguments as JSON."
    args: String!
    blockNumber: BigInt!
    timestamp: BigInt!
    transactionHash: String!
  }
  type AdminActionPage {
    nodes: [AdminAction!]!
    pageInfo: PageInfo!
  }

  type ContractStats {
    contract: String!
    orders: Int!
    amount: BigInt!
  }
  type Stats {
    registrations: Int!
    actionLogs: Int!
    mints: Int!
    mintedAmount: BigInt!
    burned: BigInt!
    orders: [ContractStats!]!
  }

  type Query {
    "Chain head, indexed block, confirmed block and lag."
    indexerStatus: IndexerStatus!
    "An account's action log, newest first; optionally one symbol and/or one action."
    actionLog(account: String!, symbol: String, action: String, first: Int, after: String): ActionLogPage!
    "An account's rewards by symbol (total, today, yesterday); all its reward symbols when 'symbols' is not given."
    rewards(account: String!, symbols: [String!]): [Reward!]!
    "An account's rewards per symbol and day over the last 'days' days (1-90, default 30), today included, oldest first; days without rewards are left out."
    dailyRewards(account: String!, days: Int): [DailyReward!]!
    "An account's orders/stakes/records in one contract, newest first; optionally only one status."
    orders(account: String!, contract: String!, status: String, first: Int, after: String): OrderPage!
    "An account's minting history, newest first."
    mints(account: String!, first: Int, after: String): MintPage!
    "An account's direct invitations, newest first."
    invitations(account: String!, contract: String, first: Int, after: String): MemberPage!
    "An account's indirect members (distance 2 and more), newest first."
    indirectMembers(account: String!, contract: String, first: Int, after: String): MemberPage!
    "An account's team summary and level."
    team(account: String!, contract: String): Team!
    "Amounts credited or paid to an account, newest first; filters by contract and kind (event name)."
    accountEvents(account: String!, contract: String, kind: String, first: Int, after: String): AccountEventPage!
    "NFT transfers from or to an account, newest first."
    nftTransfers(account: String!, first: Int, after: String): NftTransferPage!
    "Round history of one FOM pool (Fomo or SuperFomo), newest first, with winners."
    fomoRounds(contract: String!, first: Int, after: String): FomoRoundPage!
    "Token burns, newest first."
    tokenBurns(first: Int, after: String): TokenBurnPage!
    "Privileged actions, newest first; optionally of one contract."
    adminActions(contract: String, first: Int, after: String): AdminActionPage!
    "Totals over everything indexed."
    stats: Stats!
  }
`
