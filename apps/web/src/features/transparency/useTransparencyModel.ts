import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { burnAbi, doubleAbi, iNexusUpgradeableAbi, mainAbi, timelockAbi, timelockOwnedContracts } from '@nexus/abi'
import { gql } from 'urql'
import { erc20Abi } from 'viem'
import type { ContractFunctionParameters, Hex } from 'viem'
import { ok, useChainReads, useLatestBlock } from '../../data/ChainData.tsx'
import { useIndexedQuery, useIndexerClient } from '../../data/indexer.ts'
import { usePublicClient } from '../../data/wallet.tsx'
import { useBurnExpiredWaiting } from '../../data/burnQueue.ts'
import { deployed, deploymentOf } from '../../lib/deployment.ts'
import type { AdminActionNode } from '../../components/blocks/timelock/adminActions.ts'
import { timelockDeployment } from '../../components/blocks/timelock/useTimelock.ts'
import type { AdminActionsQuery, AdminActionsQueryVariables } from '../../generated/graphql.ts'
import { KEEPER_ABIS, KEEPER_JOBS, LOOKBACK_BLOCKS, latestRuns } from './keeperJobs.ts'
import type { LastRun } from './keeperJobs.ts'
import {
  adminActionsModel,
  holderRows,
  keeperModel,
  powersModel,
  scanFrom,
  solvencyModel,
} from './transparencyModel.ts'
import type {
  AdminActionsModel,
  KeeperContract,
  KeeperJobRow,
  PowersModel,
  SolvencyModel,
} from './transparencyModel.ts'

/** The reads of `/transparency`'s panels: each hook gathers its panel's reads and calls the model. */

export const ADMIN_ACTIONS = gql<AdminActionsQuery, AdminActionsQueryVariables>`
  query AdminActions($contract: String, $first: Int, $after: String) {
    adminActions(contract: $contract, first: $first, after: $after) {
      nodes {
        contract
        eventName
        target
        oldValue
        newValue
        previousValue
        args
        blockNumber
        timestamp
        transactionHash
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`
const PAGE_SIZE = 25

/** Who holds the owner's powers and their limits, every figure read from the chain. */
export function usePowersModel(): PowersModel {
  const main = deployed('Main')
  const timelock = timelockDeployment()?.address
  const reads = useChainReads(
    useMemo(
      () =>
        main
          ? ([
              { address: main, abi: mainAbi, functionName: 'owner' },
              { address: main, abi: mainAbi, functionName: 'MAX_PAUSE_DURATION' },
              { address: main, abi: mainAbi, functionName: 'guardian' },
              ...(timelock ? ([{ address: timelock, abi: timelockAbi, functionName: 'getMinDelay' }] as const) : []),
            ] as const)
          : undefined,
      [main, timelock],
    ),
  )
  return powersModel({
    main,
    timelock,
    owner: ok(reads?.[0]),
    maxPause: ok(reads?.[1]),
    guardian: ok(reads?.[2]),
    minDelay: reads?.[3] ? ok(reads[3] as { status: 'success'; result: bigint }) : undefined,
  })
}

/** Each fund holder's holdings against what it owes, read with the chain. */
export function useSolvencyModel(): SolvencyModel {
  const rows = useMemo(() => holderRows(deployed), [])
  const burn = deployed('Burn')
  const double = deployed('Double')
  const data = useChainReads(
    useMemo(
      () =>
        rows.flatMap(
          ({ address, tokenAddress }) =>
            [
              { address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [address] },
              { address, abi: iNexusUpgradeableAbi, functionName: 'excessOf', args: [tokenAddress] },
            ] as const,
        ),
      [rows],
    ),
  )
  const burnReads = useChainReads(
    useMemo(
      () => (burn ? ([{ address: burn, abi: burnAbi, functionName: 'getReserves' }] as const) : undefined),
      [burn],
    ),
  )
  const doubleReads = useChainReads(
    useMemo(
      () => (double ? ([{ address: double, abi: doubleAbi, functionName: 'getSolvency' }] as const) : undefined),
      [double],
    ),
  )
  return solvencyModel(rows, {
    figures: rows.map((_, index) => ({ holds: ok(data?.[index * 2]), excess: ok(data?.[index * 2 + 1]) })),
    burnReserves: ok(burnReads?.[0]),
    doubleSolvency: ok(doubleReads?.[0]),
  })
}

/** The indexer's admin actions, filtered by contract, 25 a page with "Load more". */
export function useAdminActionsModel(): AdminActionsModel & {
  /** The contracts with an owner deployed on this chain (the filter's choices). */
  contracts: readonly string[]
  contract: string
  setContract: (contract: string) => void
  hasMore: boolean
  loadingMore: boolean
  loadMore: () => Promise<void>
} {
  const client = useIndexerClient()
  const [contract, setContract] = useState('')
  const contracts = useMemo(() => timelockOwnedContracts.filter((name) => deployed(name) !== undefined), [])
  const variables = useMemo(() => ({ first: PAGE_SIZE, contract: contract || null }), [contract])
  const [result] = useIndexedQuery<AdminActionsQuery>({ query: ADMIN_ACTIONS, variables })
  const [more, setMore] = useState<AdminActionNode[]>([])
  const [cursor, setCursor] = useState<{ hasNext: boolean; end: string | null }>()
  const [loadingMore, setLoadingMore] = useState(false)
  const first = result.data?.adminActions
  // A fresh first page (after a transaction) starts the list again.
  useEffect(() => {
    setMore([])
    setCursor(first ? { hasNext: first.pageInfo.hasNextPage, end: first.pageInfo.endCursor } : undefined)
  }, [first])
  const model = useMemo(
    () => adminActionsModel({ first, more, fetching: result.fetching, error: !!result.error }),
    [first, more, result.fetching, result.error],
  )
  const loadMore = useCallback(async () => {
    if (!cursor?.end) return
    setLoadingMore(true)
    const page = await client.query<AdminActionsQuery>(ADMIN_ACTIONS, { ...variables, after: cursor.end }).toPromise()
    setLoadingMore(false)
    const found = page.data?.adminActions
    if (!found) return
    setMore((before) => [...before, ...found.nodes])
    setCursor({ hasNext: found.pageInfo.hasNextPage, end: found.pageInfo.endCursor })
  }, [client, cursor, variables])
  return { ...model, contracts, contract, setContract, hasMore: !!cursor?.hasNext, loadingMore, loadMore }
}

/**
 * When each keeper job last ran and whether work is due now, read from the chain: the latest event of each job
 * (`keeperJobs.ts`) and each contract's `checkUpkeep` view, never from the keeper's own report.
 */
export function useKeeperModel(): KeeperJobRow[] {
  const contracts = useMemo(
    () =>
      [...new Set(KEEPER_JOBS.map((job) => job.contract))].flatMap((name): KeeperContract[] => {
        const deployment = deploymentOf(name)
        return deployment ? [{ name, ...deployment }] : []
      }),
    [],
  )
  const due = useChainReads(
    useMemo(
      () =>
        contracts.map(({ name, address }) => ({
          address,
          abi: KEEPER_ABIS[name],
          functionName: 'checkUpkeep',
          args: ['0x'],
        })) as unknown as readonly ContractFunctionParameters[],
      [contracts],
    ),
  )
  const burnOutsWaiting = useBurnExpiredWaiting(contracts.find((contract) => contract.name === 'Burn')?.address)
  const runs = useLastRuns(contracts)
  return keeperModel({
    contracts,
    checks: due?.map((result) => ok(result as { status: 'success'; result: readonly [boolean, Hex] })),
    burnOutsWaiting,
    runs,
  })
}

/**
 * The latest run of every job, found once back to {@link LOOKBACK_BLOCKS} (or the deployment), then kept up to
 * date with the blocks the page's refresh cycle sees.
 */
function useLastRuns(contracts: readonly KeeperContract[]): Record<string, LastRun> | undefined {
  const client = usePublicClient()
  const head = useLatestBlock()?.number
  const [runs, setRuns] = useState<Record<string, LastRun>>()
  const scanned = useRef<bigint | undefined>(undefined)
  const busy = useRef(false)
  useEffect(() => {
    if (!client || head === undefined || busy.current) return
    if (scanned.current !== undefined && head <= scanned.current) return
    busy.current = true
    const previous = scanned.current
    void (async () => {
      try {
        const found = await Promise.all(
          contracts.map(({ name, address, blockNumber }) =>
            latestRuns(
              client,
              { name, address },
              KEEPER_JOBS,
              scanFrom(head, LOOKBACK_BLOCKS, blockNumber, previous),
              head,
            ),
          ),
        )
        scanned.current = head
        setRuns((before) => Object.assign({}, before, ...found))
      } catch {
        // the next block tries again
      } finally {
        busy.current = false
      }
    })()
  }, [client, head, contracts])
  return runs
}

/** The model of `/transparency`: each panel's reads, figures and list. */
export function useTransparencyModel(): {
  powers: PowersModel
  solvency: SolvencyModel
  keeper: KeeperJobRow[]
  actions: ReturnType<typeof useAdminActionsModel>
} {
  return {
    powers: usePowersModel(),
    solvency: useSolvencyModel(),
    keeper: useKeeperModel(),
    actions: useAdminActionsModel(),
  }
}
