import { createContext, useContext, useMemo } from 'react'
import type { ReactNode } from 'react'
import { mainAbi } from '@nexus/abi'
import { isManager, timelockRoles } from '@nexus/sdk'
import type { Address } from 'viem'
import { hasRoleAbi } from '../lib/accessControl.ts'
import { deployed } from '../lib/deployment.ts'
import { contractsOf } from '../lib/contracts.ts'
import { env } from '../lib/env.ts'
import { ok, useNamedChainReads } from './ChainData.tsx'
import { useConnection } from './wallet.tsx'

export type Session = {
  account: Address | undefined
  /** Main's address on this chain (undefined when Main is not deployed there). */
  main: Address | undefined
  /** Registration in Main: unknown until the first read, then whether `users(account).index` is above 0. */
  registered: boolean | undefined
  referrer: Address | undefined
  /**
   * The owner of Main, the manager of its config, one of VITE_EXTRA_MANAGERS (SPEC.md §6), or, once the Timelock owns
   * the contracts, an account that may schedule owner calls on it (the admin: its PROPOSER_ROLE).
   */
  manager: boolean
}

const SessionContext = createContext<Session>({
  account: undefined,
  main: undefined,
  registered: undefined,
  referrer: undefined,
  manager: false,
})

/** Reads the connected account's registration and the managers from Main, in the page's refresh cycle. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const { address } = useConnection()
  const main = contractsOf(env.chainId).Main
  const shared = useNamedChainReads(
    useMemo(
      () =>
        main
          ? ({
              owner: { address: main, abi: mainAbi, functionName: 'owner' },
              config: { address: main, abi: mainAbi, functionName: 'getConfig' },
            } as const)
          : undefined,
      [main],
    ),
  )
  const user = useNamedChainReads(
    useMemo(
      () =>
        main && address
          ? ({ record: { address: main, abi: mainAbi, functionName: 'users', args: [address] } } as const)
          : undefined,
      [main, address],
    ),
  )
  const timelock = deployed('Timelock')
  const roles = useNamedChainReads(
    useMemo(
      () =>
        timelock && address
          ? ({
              proposer: {
                address: timelock,
                abi: hasRoleAbi,
                functionName: 'hasRole',
                args: [timelockRoles.proposer, address],
              },
            } as const)
          : undefined,
      [timelock, address],
    ),
  )
  const owner = ok(shared?.owner)
  const config = ok(shared?.config)
  const record = ok(user?.record)
  const proposer = ok(roles?.proposer) === true
  const value = useMemo<Session>(
    () => ({
      account: address,
      main,
      registered: record ? record[0] > 0n : undefined,
      referrer: record?.[1],
      manager: proposer || isManager(address, { owner, manager: config?.manager, extraManagers: env.extraManagers }),
    }),
    [address, main, record, owner, config, proposer],
  )
  return (
    <SessionContext.Provider value={value}>
      {children}
      {/* What the session knows, for browser tests and support: registered is "undefined" until read. */}
      <span
        hidden
        data-testid="session"
        data-account={address ?? ''}
        data-registered={String(value.registered)}
        data-manager={String(value.manager)}
      />
    </SessionContext.Provider>
  )
}

/** The connected account's registration and manager status. */
export function useSession(): Session {
  return useContext(SessionContext)
}
