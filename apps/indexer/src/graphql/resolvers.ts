import { createPreparedStatements } from '@nexus/db'
import type { GraphQLResolveInfo } from 'graphql'
import type { GraphQLContext } from './schema.ts'
import { columnsFor, selectionOf } from './selection.ts'
import type {
  AccountEvent,
  ActionLogEntry,
  AdminAction,
  ContractStats,
  DailyReward,
  FomoRound,
  Member,
  Mint,
  NftTransfer,
  Order,
  OrderChange,
  Reward,
  RoundWinner,
  Stats,
  Team,
  TokenBurn,
  QueryAccountEventsArgs,
  QueryActionLogArgs,
  QueryAdminActionsArgs,
  QueryDailyRewardsArgs,
  QueryFomoRoundsArgs,
  QueryInvitationsArgs,
  QueryMintsArgs,
  QueryNftTransfersArgs,
  QueryOrdersArgs,
  QueryRewardsArgs,
  QueryTeamArgs,
  QueryTokenBurnsArgs,
} from '../generated/graphql.ts'
import { addressArg, argumentError, cursorPage, oneOf, textArg, type PageArgs } from './pagination.ts'

/** A field without arguments. */
type NoArgs = Record<string, never>
/**
 * A row as the schema's generated type of its GraphQL type describes it (`src/generated/graphql.ts`), without the
 * fields that resolvers of their own answer (`resolved`): a field renamed or retyped in the schema fails the
 * typecheck of the resolver that returns it.
 */
type Node<T, resolved extends keyof T = never> = Omit<T, '__typename' | resolved>
/** The sort key columns a page reads besides its fields (the cursor). */
type EventKey = { blockNumber: string; logIndex: number }

/** Contracts with orders (the `contract` argument of `orders`). */
const orderContracts = ['Burn', 'Fomo', 'SuperFomo', 'Stake', 'Mining', 'Double']

/**
 * Each pooled connection parses and plans a statement once, then only executes it (prepared statements, by SQL
 * text: the resolvers' own texts, never built from input values; the action log and orders read only the columns
 * a document asks for, so that a client choosing fields chooses among a bounded set of variants).
 */
const prepared = createPreparedStatements('gql')

/** The rows of a statement, typed as the GraphQL type the statement's column aliases answer. */
async function rows<T extends object>(context: GraphQLContext, sql: string, values: unknown[]): Promise<T[]> {
  return (await context.pool.query(prepared(sql, values))).rows as T[]
}

/**
 * A page of an event-keyed table, newest first, ordered by (block_number, log_index[, extra]) descending.
 * `where` uses $1 = chain id and then `values`; the cursor condition and limit are appended.
 */
async function eventPage<T extends object>(
  context: GraphQLContext,
  list: string,
  args: PageArgs,
  select: string,
  where: string,
  values: unknown[],
) {
  const params: unknown[] = [context.chainId, ...values]
  const page = cursorPage(list, args, 2, params)
  const more = page.after ? ` AND (block_number, log_index) < (${page.after[0]}::bigint, ${page.after[1]}::int)` : ''
  const found = await rows<T & EventKey>(
    context,
    `SELECT ${select}, block_number AS "blockNumber", log_index AS "logIndex" FROM ${where}${more}
     ORDER BY block_number DESC, log_index DESC LIMIT ${page.limit()}`,
    params,
  )
  return page.of(found, (row) => [row.blockNumber, row.logIndex])
}

/** The `contract` argument, when given, must name an indexed contract. */
function contractArg(context: GraphQLContext, value: string | null | undefined, allowed?: readonly string[]) {
  if (value === undefined || value === null) return null
  const names = allowed ? context.contracts.filter((c) => allowed.includes(c)) : context.contracts
  return oneOf('contract', value, names)
}

// @dev Order sums come from account_order_total and team_order_total (kept at ingestion with each range), not
// from every order_record row: a member's amount and a team's volume are one row per contract.
const memberAmount = (contractParam: string) =>
  `COALESCE((SELECT sum(o.amount) FROM account_order_total o WHERE o.chain_id = r.chain_id AND o.owner = r.account
     AND (${contractParam}::text IS NULL OR o.contract = ${contractParam}::text)), 0)`

async function members(context: GraphQLContext, args: QueryInvitationsArgs, list: string, distance: '= 1' | '>= 2') {
  const account = addressArg('account', args.account)
  const contract = contractArg(context, args.contract)
  const params: unknown[] = [context.chainId, account, contract]
  const page = cursorPage(list, args, 1, params)
  const found = await rows<Node<Member>>(
    context,
    `SELECT r.account, r.referrer, p.distance, r.index, r.block_timestamp AS "registeredAt",
       ${memberAmount('$3')} AS amount
     FROM referral_path p JOIN registration r ON r.chain_id = p.chain_id AND r.account = p.descendant
     WHERE p.chain_id = $1 AND p.ancestor = $2 AND p.distance ${distance}${page.after ? ` AND r.index < ${page.after[0]}::numeric` : ''}
     ORDER BY r.index DESC LIMIT ${page.limit()}`,
    params,
  )
  return page.of(found, (row) => [row.index])
}

/** action_log columns by ActionLogEntry field (index is always read: the cursor). */
const actionLogColumns: Record<string, string> = {
  owner: 'owner',
  from: '"from"',
  writer: 'writer',
  userIndex: 'user_index AS "userIndex"',
  symbol: 'symbol',
  action: 'action',
  isReduce: 'is_reduce AS "isReduce"',
  isReward: 'is_reward AS "isReward"',
  amount: 'amount',
  balance: 'balance',
  startTime: 'start_time AS "startTime"',
  blockNumber: 'block_number AS "blockNumber"',
  transactionHash: 'transaction_hash AS "transactionHash"',
}

/** order_record columns (and the latest change's status) by Order field; contract and index are always read. */
const orderColumns: Record<string, string> = {
  owner: 'o.owner',
  amount: 'o.amount',
  tokens: 'o.tokens',
  details: 'o.details::text AS details',
  // The typed fields of the creating event's arguments (jsonb `details`): Burn's isBNB, the FOM pools' isUSDT and round.
  paymentToken: `CASE WHEN o.details ? 'isBNB' THEN CASE WHEN (o.details->>'isBNB')::boolean THEN 'BNB' ELSE 'USDT' END
    WHEN o.details ? 'isUSDT' THEN CASE WHEN (o.details->>'isUSDT')::boolean THEN 'USDT' ELSE 'NEX' END END
    AS "paymentToken"`,
  isBNB: `COALESCE(o.details->>'isBNB' = 'true', false) AS "isBNB"`,
  round: `CASE WHEN o.details->>'round' ~ '^[0-9]{1,78}$' THEN (o.details->>'round')::numeric END AS round`,
  startTime: 'o.start_time AS "startTime"',
  endTime: 'o.end_time AS "endTime"',
  blockNumber: 'o.block_number AS "blockNumber"',
  transactionHash: 'o.transaction_hash AS "transactionHash"',
  status: `COALESCE((SELECT c.status FROM order_change c WHERE c.chain_id = o.chain_id AND c.contract = o.contract
    AND c.order_index = o.order_index ORDER BY c.block_number DESC, c.log_index DESC LIMIT 1), 'active') AS status`,
}

/** A whole-number argument of an event's jsonb `details` as `type`, or NULL where the event has none. */
const detail = (key: string, type: 'numeric' | 'int', digits = type === 'int' ? 9 : 78) =>
  `CASE WHEN details->>'${key}' ~ '^[0-9]{1,${digits}}$' THEN (details->>'${key}')::${type} END`

/** Every field of an AccountEvent from account_event: the typed fields read the event's arguments (`details`). */
const accountEventColumns = `contract, kind, account, counterparty, amount, details::text AS details,
  ${detail('orderIndex', 'numeric')} AS "orderIndex",
  CASE WHEN kind = 'RewardCredited' THEN ${detail('kind', 'int')} END AS "creditKind",
  ${detail('level', 'int')} AS level, ${detail('generation', 'int')} AS generation,
  ${detail('round', 'numeric')} AS round, ${detail('fee', 'numeric')} AS fee,
  block_timestamp AS timestamp, transaction_hash AS "transactionHash"`

/**
 * Counts (`totalCount`) that are counted again only when the index has moved. Every range written and every
 * rollback moves the checkpoint (block, hash and the time of the write, in the transaction of the rows), so that a
 * count taken at one checkpoint stays exact for as long as that checkpoint stands. The checkpoint and the count
 * come from one statement (one snapshot), and the count's subquery runs only when the checkpoint differs from the
 * one the cached count was taken at: a repeated count over a long history costs a primary-key read.
 * @dev Per server (one schema), at most `max` counts, the least recently used dropped first. `$1` of every count
 * is the chain id.
 */
function createCounts(max = 10_000) {
  const counts = new Map<string, { at: string; n: number }>()
  return async (context: GraphQLContext, countSql: string, values: unknown[]): Promise<number> => {
    const key = `${countSql}\u0000${JSON.stringify(values)}`
    const cached = counts.get(key)
    const [row] = await rows<{ at: string | null; n: number | null }>(
      context,
      `SELECT c.at, CASE WHEN c.at = $${values.length + 1}::text THEN NULL ELSE (${countSql}) END AS n
       FROM (SELECT 1) one LEFT JOIN (
         SELECT block_number::text || ':' || block_hash || ':' || updated_at::text AS at FROM chain_checkpoint
         WHERE chain_id = $1
       ) c ON true`,
      [...values, cached?.at ?? null],
    )
    counts.delete(key)
    if (cached && row?.n === null) {
      counts.set(key, cached)
      return cached.n
    }
    const n = Number(row?.n ?? 0)
    if (row?.at !== null && row?.at !== undefined) {
      if (counts.size >= max) counts.delete(counts.keys().next().value as string)
      counts.set(key, { at: String(row.at), n })
    }
    return n
  }
}

/** A page's `totalCount`, a function its list resolver returns (counted only when the field is selected). */
const countOf = (page: { totalCount: () => Promise<number | undefined> }) => page.totalCount()

/**
 * The Log contract's day (`dayTimes`, its latest setting, else 86,400 s) and now (the latest indexed block's time),
 * as the CTE `day (seconds, now)` of the rewards queries; `$1` is the chain id.
 */
const logDay = `day AS (
  SELECT COALESCE((SELECT new_value::numeric FROM admin_action WHERE chain_id = $1 AND event_name = 'DayTimesUpdated'
    AND contract = 'Log' ORDER BY block_number DESC, log_index DESC LIMIT 1), 86400) AS seconds,
    COALESCE((SELECT max(timestamp) FROM chain_block WHERE chain_id = $1), 0) AS now
)`

/** Resolvers of the Query type and of the fields computed per row. */
export function createResolvers() {
  const countAt = createCounts()
  return {
    Query: {
      indexerStatus: (_: unknown, _args: NoArgs, context: GraphQLContext) => context.getStatus(),

      async actionLog(_: unknown, args: QueryActionLogArgs, context: GraphQLContext, info: GraphQLResolveInfo) {
        const account = addressArg('account', args.account)
        const symbol = textArg('symbol', args.symbol)
        const action = textArg('action', args.action)
        // Each filter only when given: a statement prepared with "$3 IS NULL OR ..." keeps a generic plan that reads
        // every row's symbol, so that a count can no longer come from the index alone.
        const params: unknown[] = [context.chainId, account]
        let filter = 'chain_id = $1 AND owner = $2'
        if (symbol !== null) filter += ` AND symbol = $${params.push(symbol)}`
        if (action !== null) filter += ` AND action = $${params.push(action)}`
        const countParams = [...params]
        const page = cursorPage('actionLog', args, 1, params)
        const condition = page.after ? `${filter} AND index < ${page.after[0]}::numeric` : filter
        const selected = selectionOf(info)
        // Only the columns asked for; no page query at all when only totalCount is.
        const found =
          selected.has('nodes') || selected.has('pageInfo')
            ? await rows<Partial<Node<ActionLogEntry>> & Pick<ActionLogEntry, 'index'>>(
                context,
                `SELECT ${columnsFor(selectionOf(info, 'nodes'), ['index'], actionLogColumns)}
                 FROM action_log WHERE ${condition} ORDER BY index DESC LIMIT ${page.limit()}`,
                params,
              )
            : []
        return {
          ...page.of(found, (row) => [row.index]),
          totalCount: () => countAt(context, `SELECT count(*)::int FROM action_log WHERE ${filter}`, countParams),
        }
      },

      async rewards(_: unknown, args: QueryRewardsArgs, context: GraphQLContext) {
        const account = addressArg('account', args.account)
        const symbols = args.symbols
        if (symbols && symbols.length > 100) throw argumentError('symbols', 'at most 100 symbols')
        symbols?.forEach((s) => textArg('symbols', s))
        // The day of the Log contract (dayTimes, its latest setting) at the latest indexed block's time.
        const found = await rows<Node<Reward>>(
          context,
          `WITH ${logDay}
           SELECT s.symbol,
             COALESCE(sum(a.amount), 0) AS total,
             COALESCE(sum(a.amount) FILTER (WHERE div(a.start_time, day.seconds) = div(day.now, day.seconds)), 0) AS today,
             COALESCE(sum(a.amount) FILTER (WHERE div(a.start_time, day.seconds) = div(day.now, day.seconds) - 1), 0)
               AS yesterday
           FROM day, (SELECT DISTINCT symbol FROM (
               SELECT unnest($3::text[]) AS symbol WHERE $3::text[] IS NOT NULL
               UNION ALL SELECT symbol FROM action_log WHERE $3::text[] IS NULL AND chain_id = $1 AND owner = $2 AND is_reward
             ) x) s
           LEFT JOIN action_log a ON a.chain_id = $1 AND a.owner = $2 AND a.is_reward AND a.symbol = s.symbol
           GROUP BY s.symbol ORDER BY s.symbol`,
          [context.chainId, account, symbols ?? null],
        )
        return found
      },

      async dailyRewards(_: unknown, args: QueryDailyRewardsArgs, context: GraphQLContext) {
        const account = addressArg('account', args.account)
        const days = args.days ?? 30
        if (!Number.isInteger(days) || days < 1 || days > 90)
          throw argumentError('days', 'a whole number of days from 1 to 90')
        // Days as the rewards query counts them: the Log's dayTimes, today = the latest indexed block's day.
        return rows<Node<DailyReward>>(
          context,
          `WITH ${logDay}
           SELECT a.symbol, div(a.start_time, day.seconds) AS day, div(a.start_time, day.seconds) * day.seconds AS "startTime",
             sum(a.amount) AS amount
           FROM day JOIN action_log a ON a.chain_id = $1 AND a.owner = $2 AND a.is_reward
             AND div(a.start_time, day.seconds) > div(day.now, day.seconds) - $3::int
           GROUP BY a.symbol, div(a.start_time, day.seconds), day.seconds ORDER BY day, a.symbol`,
          [context.chainId, account, days],
        )
      },

      async orders(_: unknown, args: QueryOrdersArgs, context: GraphQLContext, info: GraphQLResolveInfo) {
        const account = addressArg('account', args.account)
        const contract = oneOf(
          'contract',
          args.contract,
          context.contracts.filter((c) => orderContracts.includes(c)),
        )
        const status = textArg('status', args.status)
        const params: unknown[] = [context.chainId, account, contract]
        // The status filter only when given: a statement prepared with "$4 IS NULL OR ..." keeps a generic plan
        // that looks up every order's latest change even when no status is asked for.
        const statusFilter = status === null ? '' : `x.status = $${params.push(status)}`
        const countParams = [...params]
        const page = cursorPage(`orders.${contract}`, args, 1, params)
        const condition = page.after ? ` AND o.order_index < ${page.after[0]}::numeric` : ''
        const selected = selectionOf(info)
        const nodes = selectionOf(info, 'nodes')
        // Only the columns asked for (contract and index: the cursor and Order.changes); the status (a lookup of
        // the latest change per order) only when asked for or filtered by; no page query when only totalCount is.
        if (status !== null) nodes.set('status', [])
        const found =
          selected.has('nodes') || selected.has('pageInfo')
            ? await rows<Partial<Node<Order, 'changes'>> & Pick<Order, 'contract' | 'index'>>(
                context,
                `SELECT * FROM (
                   SELECT ${columnsFor(nodes, ['o.contract', 'o.order_index AS index'], orderColumns)}
                   FROM order_record o WHERE o.chain_id = $1 AND o.owner = $2 AND o.contract = $3${condition}
                   ORDER BY o.order_index DESC
                 ) x ${statusFilter && `WHERE ${statusFilter}`} LIMIT ${page.limit()}`,
                params,
              )
            : []
        return {
          ...page.of(found, (row) => [row.index]),
          // Without a status filter: the count kept at ingestion with the order totals (one row), not a count of
          // the account's orders.
          totalCount: async () =>
            status === null
              ? (
                  await rows<{ n: number }>(
                    context,
                    `SELECT COALESCE((SELECT orders FROM account_order_total WHERE chain_id = $1 AND owner = $2
                       AND contract = $3), 0) AS n`,
                    countParams,
                  )
                )[0]?.n
              : await countAt(
                  context,
                  `SELECT count(*)::int FROM (
                     SELECT ${orderColumns.status} FROM order_record o
                     WHERE o.chain_id = $1 AND o.owner = $2 AND o.contract = $3
                   ) x WHERE ${statusFilter}`,
                  countParams,
                ),
        }
      },

      async mints(_: unknown, args: QueryMintsArgs, context: GraphQLContext) {
        const account = addressArg('account', args.account)
        return await eventPage<Node<Mint>>(
          context,
          'mints',
          args,
          `account, round, times, amount, amount_nex AS "amountNEX", tokens, nfts, payment,
           block_timestamp AS timestamp, transaction_hash AS "transactionHash"`,
          'mint_record WHERE chain_id = $1 AND account = $2',
          [account],
        )
      },

      invitations: (_: unknown, args: QueryInvitationsArgs, context: GraphQLContext) =>
        members(context, args, 'invitations', '= 1'),
      indirectMembers: (_: unknown, args: QueryInvitationsArgs, context: GraphQLContext) =>
        members(context, args, 'indirectMembers', '>= 2'),

      async team(_: unknown, args: QueryTeamArgs, context: GraphQLContext): Promise<Node<Team>> {
        const account = addressArg('account', args.account)
        const contract = contractArg(context, args.contract)
        const [row] = await rows<
          Pick<Team, 'referrer' | 'directCount' | 'teamSize' | 'teamVolume'> & { level: string | null }
        >(
          context,
          `SELECT
             (SELECT referrer FROM registration WHERE chain_id = $1 AND account = $2) AS referrer,
             COALESCE((SELECT direct FROM team_member_count WHERE chain_id = $1 AND account = $2), 0) AS "directCount",
             COALESCE((SELECT team FROM team_member_count WHERE chain_id = $1 AND account = $2), 0) AS "teamSize",
             (SELECT COALESCE(sum(amount), 0) FROM team_order_total
              WHERE chain_id = $1 AND account = $2 AND ($3::text IS NULL OR contract = $3)) AS "teamVolume",
             (SELECT row(level, COALESCE(is_manual, false))::text FROM team_level WHERE chain_id = $1 AND account = $2
                AND contract = COALESCE($3, 'Burn') ORDER BY block_number DESC, log_index DESC LIMIT 1) AS level`,
          [context.chainId, account, contract],
        )
        const level = /^\((\d+),([tf])\)$/.exec(String(row?.level ?? ''))
        return {
          account,
          registered: row?.referrer !== null && row?.referrer !== undefined,
          referrer: row?.referrer ?? null,
          directCount: row?.directCount ?? 0,
          indirectCount: Number(row?.teamSize ?? 0) - Number(row?.directCount ?? 0),
          teamSize: row?.teamSize ?? 0,
          teamVolume: row?.teamVolume ?? '0',
          level: level ? Number(level[1]) : 0,
          isManual: level?.[2] === 't',
        }
      },

      async accountEvents(_: unknown, args: QueryAccountEventsArgs, context: GraphQLContext) {
        const account = addressArg('account', args.account)
        const contract = contractArg(context, args.contract)
        const kind = textArg('kind', args.kind)
        return await eventPage<Node<AccountEvent>>(
          context,
          'accountEvents',
          args,
          accountEventColumns,
          `account_event WHERE chain_id = $1 AND account = $2 AND ($3::text IS NULL OR contract = $3)
           AND ($4::text IS NULL OR kind = $4)`,
          [account, contract, kind],
        )
      },

      async nftTransfers(_: unknown, args: QueryNftTransfersArgs, context: GraphQLContext) {
        const account = addressArg('account', args.account)
        // Both directions, merged; a batch's token ids share (block, log index): ties broken by batch position.
        const params: unknown[] = [context.chainId, account]
        const page = cursorPage('nftTransfers', args, 3, params)
        const after = page.after
        const condition = after
          ? ` AND (block_number, log_index, batch_index) < (${after[0]}::bigint, ${after[1]}::int, ${after[2]}::int)`
          : ''
        const found = await rows<Node<NftTransfer> & EventKey & { batchIndex: number }>(
          context,
          `SELECT operator, "from", "to", token_id AS "tokenId", value, block_number AS "blockNumber",
             log_index AS "logIndex", batch_index AS "batchIndex", block_timestamp AS timestamp,
             transaction_hash AS "transactionHash"
           FROM nft_transfer WHERE chain_id = $1 AND ("from" = $2 OR "to" = $2)${condition}
           ORDER BY block_number DESC, log_index DESC, batch_index DESC LIMIT ${page.limit()}`,
          params,
        )
        return page.of(found, (row) => [row.blockNumber, row.logIndex, row.batchIndex])
      },

      async fomoRounds(_: unknown, args: QueryFomoRoundsArgs, context: GraphQLContext) {
        const contract = oneOf(
          'contract',
          args.contract,
          context.contracts.filter((c) => c === 'Fomo' || c.endsWith('Fomo')),
        )
        const params: unknown[] = [context.chainId, contract]
        const page = cursorPage(`fomoRounds.${contract}`, args, 1, params)
        const condition = page.after ? ` AND round < ${page.after[0]}::numeric` : ''
        const found = await rows<Node<FomoRound, 'contract' | 'winners' | 'prizes'>>(
          context,
          `SELECT r.round, s.end_time IS NOT NULL AS settled, COALESCE(s.end_time, e.end_time) AS "endTime",
             s.pot, s.paid, s.settler, s.transaction_hash AS "settlementTransaction"
           FROM (SELECT DISTINCT round FROM fomo_round_event WHERE chain_id = $1 AND contract = $2${condition}
                 ORDER BY round DESC LIMIT ${page.limit()}) r
           LEFT JOIN LATERAL (SELECT end_time, pot, paid, settler, transaction_hash FROM fomo_round_event WHERE chain_id = $1
             AND contract = $2 AND round = r.round AND kind = 'settled' LIMIT 1) s ON true
           LEFT JOIN LATERAL (SELECT end_time FROM fomo_round_event WHERE chain_id = $1 AND contract = $2
             AND round = r.round AND kind = 'extended' ORDER BY block_number DESC, log_index DESC LIMIT 1) e ON true
           ORDER BY r.round DESC`,
          params,
        )
        const rounds = page.of(found, (row) => [row.round])
        return { ...rounds, nodes: rounds.nodes.map((node) => ({ ...node, contract })) }
      },

      async tokenBurns(_: unknown, args: QueryTokenBurnsArgs, context: GraphQLContext) {
        return await eventPage<Node<TokenBurn>>(
          context,
          'tokenBurns',
          args,
          `contract, kind, account, amount, block_timestamp AS timestamp, transaction_hash AS "transactionHash"`,
          'token_burn WHERE chain_id = $1',
          [],
        )
      },

      async adminActions(_: unknown, args: QueryAdminActionsArgs, context: GraphQLContext) {
        const contract = contractArg(context, args.contract)
        return await eventPage<Node<AdminAction>>(
          context,
          'adminActions',
          args,
          `contract, event_name AS "eventName", target, old_value AS "oldValue", new_value AS "newValue",
           (SELECT p.new_value FROM admin_action p WHERE p.chain_id = admin_action.chain_id
              AND p.contract = admin_action.contract AND p.event_name = admin_action.event_name
              AND (p.block_number, p.log_index) < (admin_action.block_number, admin_action.log_index)
            ORDER BY p.block_number DESC, p.log_index DESC LIMIT 1) AS "previousValue",
           args::text AS args, block_timestamp AS timestamp, transaction_hash AS "transactionHash"`,
          'admin_action WHERE chain_id = $1 AND ($2::text IS NULL OR contract = $2)',
          [contract],
        )
      },

      async stats(_: unknown, _args: NoArgs, context: GraphQLContext): Promise<Node<Stats>> {
        const [totals] = await rows<Omit<Node<Stats>, 'orders'>>(
          context,
          `SELECT (SELECT count(*)::int FROM registration WHERE chain_id = $1) AS registrations,
             (SELECT count(*)::int FROM action_log WHERE chain_id = $1) AS "actionLogs",
             (SELECT count(*)::int FROM mint_record WHERE chain_id = $1) AS mints,
             (SELECT COALESCE(sum(amount), 0) FROM mint_record WHERE chain_id = $1) AS "mintedAmount",
             (SELECT COALESCE(sum(amount), 0) FROM token_burn WHERE chain_id = $1 AND kind <> 'TokensBurned') AS burned`,
          [context.chainId],
        )
        const orders = await rows<Node<ContractStats>>(
          context,
          `SELECT contract, count(*)::int AS orders, sum(amount) AS amount FROM order_record WHERE chain_id = $1
           GROUP BY contract ORDER BY contract`,
          [context.chainId],
        )
        if (!totals) throw new Error('stats: no totals row')
        return { ...totals, orders }
      },
    },

    // The counts run only when asked for: the list resolvers return them as functions.
    ActionLogPage: { totalCount: countOf },
    OrderPage: { totalCount: countOf },

    Order: {
      changes: async (order: Pick<Order, 'contract' | 'index'>, _args: NoArgs, context: GraphQLContext) =>
        await rows<Node<OrderChange>>(
          context,
          `SELECT event_name AS "eventName", status, amount, details::text AS details, block_number AS "blockNumber",
             block_timestamp AS timestamp, transaction_hash AS "transactionHash"
           FROM order_change WHERE chain_id = $1 AND contract = $2 AND order_index = $3
           ORDER BY block_number, log_index LIMIT 1000`,
          [context.chainId, order.contract, order.index],
        ),
    },

    FomoRound: {
      winners: async (round: Pick<FomoRound, 'contract' | 'round'>, _args: NoArgs, context: GraphQLContext) =>
        (
          await rows<Omit<Node<RoundWinner>, 'position'>>(
            context,
            `SELECT e.order_index AS "orderIndex", o.owner FROM fomo_round_event e
             LEFT JOIN order_record o ON o.chain_id = e.chain_id AND o.contract = e.contract AND o.order_index = e.order_index
             WHERE e.chain_id = $1 AND e.contract = $2 AND e.round = $3 AND e.kind = 'extended'
             ORDER BY e.block_number DESC, e.log_index DESC LIMIT 5`,
            [context.chainId, round.contract, round.round],
          )
        ).map((row, position): Node<RoundWinner> => ({ ...row, position })),
      prizes: async (round: Pick<FomoRound, 'contract' | 'round'>, _args: NoArgs, context: GraphQLContext) =>
        await rows<Node<AccountEvent>>(
          context,
          `SELECT ${accountEventColumns}, block_number AS "blockNumber"
           FROM account_event WHERE chain_id = $1 AND contract = $2 AND kind = 'PrizeClaimed'
             AND details->>'round' = $3 ORDER BY block_number, log_index LIMIT 100`,
          [context.chainId, round.contract, String(round.round)],
        ),
    },
  }
}
