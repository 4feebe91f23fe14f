import type { EntityRows } from '../store/tables.ts'
import { addr, eventBase, jsonOf, rest, type AnyEventArgName, type AnyEventName } from './common.ts'
import type { DecodedLog } from './decodeLogs.ts'

/**
 * Events of privileged functions (owner, manager, guardian, the Timelock's own scheduling and roles) in every contract. A new contract's admin
 * events join by name; names not listed here are not admin actions.
 * @dev Each name is checked against the events of the ABIs (@nexus/abi): a renamed or removed event fails the
 * typecheck here.
 */
export const adminEvents = new Set<string>([
  'AddressesUpdated',
  'BaseURIUpdated',
  'BlacklistUpdated',
  'BoxUpdated',
  'CallExecuted',
  'CallSalt',
  'CallScheduled',
  'Cancelled',
  'CardCreated',
  'CardNameUpdated',
  'ConfigMultiUpdated',
  'ConfigUpdated',
  'ContractsUpdated',
  'DayTimesUpdated',
  'DepositorUpdated',
  'ExcessWithdrawn',
  'FeeExemptUpdated',
  'GuardianUpdated',
  'IdoSet',
  'IdoUpdated',
  'Initialized',
  'LevelNameUpdated',
  'LogUpdated',
  'ManagerUpdated',
  'MaxSupplyUpdated',
  'MinDelayChange',
  'MinterUpdated',
  'OracleUpdated',
  'OwnershipTransferStarted',
  'OwnershipTransferred',
  'PauseUpdated',
  'Paused',
  'PayerUpdated',
  'RoleAdminChanged',
  'RoleGranted',
  'RoleRevoked',
  'RoundScheduled',
  'SendMinUpdated',
  'SourcesUpdated',
  'TeamManualUpdated',
  'Unpaused',
  'UpgradeCancelled',
  'UpgradeDelayUpdated',
  'UpgradeExecuted',
  'UpgradeScheduled',
  'Upgraded',
  'WhitelistUpdated',
  'WriterUpdated',
] satisfies AnyEventName[])

/**
 * Events without typed rows of their own that become account events (the accounts they name, their arguments):
 * users' claims and rewards, and the pools' and keepers' work, which the account that did it sees in its history.
 * Events in neither this list nor the admin events (nor typed, nor raw only) stay raw only, and a test fails until
 * they are classified.
 */
export const accountEvents = new Set<string>([
  'BalanceAdded',
  'BurnFeeConverted',
  'BurnForwarded',
  'Claimed',
  'Distributed',
  'FeesDistributed',
  'InviteForceChanged',
  'MintFunded',
  'Paid',
  'PoolDistributed',
  'PoolFunded',
  'PoolUpdated',
  'PriceUpdated',
  'PrizeClaimed',
  'ReferralRewarded',
  'Registered',
  'RewardAccrued',
  'RewardClaimed',
  'RewardCredited',
  'RewardDistributed',
  'RewardSettled',
  'RoundAdvanced',
  'RoundFilled',
  'RoundSoldOut',
  'StaticAccrued',
  'SwapAndLiquify',
  'SwapAndTrans',
  'SwapBurnSkipped',
  'Synthesized',
  'TeamRewarded',
  'URI',
  'UpkeepPerformed',
  'UserRegistered',
] satisfies AnyEventName[])

const isAddress = (value: unknown) => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
const text = (value: unknown) =>
  value === undefined || value === null ? null : typeof value === 'object' ? jsonOf(value) : String(value)

/**
 * An admin action: `target` is the first address argument; old and new values from `previousX`/`newX`
 * arguments, else the single value the action sets (a flag, an amount, a tuple of settings).
 */
export function adminAction(log: DecodedLog, out: EntityRows) {
  const a = log.args
  const entries = Object.entries(a)
  const previous = entries.find(([key]) => /^previous[A-Z]/.test(key))
  const next = entries.find(([key]) => /^new[A-Z]/.test(key))
  const target = entries.find(([, value]) => isAddress(value))
  let oldValue: string | null = null
  let newValue: string | null = null
  if (previous || next) {
    oldValue = text(previous?.[1])
    newValue = text(next?.[1])
  } else if (log.eventName === 'Paused' || log.eventName === 'Unpaused') {
    newValue = log.eventName === 'Paused' ? 'paused' : 'unpaused'
  } else {
    const values = entries.filter(([key]) => key !== target?.[0])
    newValue = values.length === 1 ? text(values[0]?.[1]) : values.length ? jsonOf(Object.fromEntries(values)) : null
  }
  out.admin_action.push({
    ...eventBase(log),
    contract: log.contract,
    event_name: log.eventName,
    target: target ? addr(String(target[1])) : null,
    old_value: oldValue,
    new_value: newValue,
    args: jsonOf(a),
  })
}

/**
 * Argument names that carry the amount of an account event, in order of preference. Checked against the ABIs'
 * event arguments (a name no event has any more fails the typecheck).
 */
const amountNames = [
  'amount',
  'tokens',
  'paid',
  'keys',
  'force',
  'value',
  'principal',
  'burned',
] as const satisfies readonly AnyEventArgName[]
/** Argument names of the member an amount came from (checked like {@link amountNames}). */
const counterpartyNames: readonly string[] = ['from', 'caller'] as const satisfies readonly AnyEventArgName[]

/**
 * Any other event about an account (its first address argument): rewards credited (referral, team, static,
 * dividends), claims, prizes, synthesis, registrations in a contract. Kept with its amount and the member it
 * came from, so that a new contract's events about accounts are listed without new code.
 */
export function accountEvent(log: DecodedLog, out: EntityRows) {
  const a = log.args
  const entries = Object.entries(a)
  const account = entries.find(([key, value]) => isAddress(value) && !counterpartyNames.includes(key))
  if (!account) return
  const counterparty = entries.find(([key, value]) => key !== account[0] && isAddress(value))
  const amountName = amountNames.find((name) => typeof a[name] === 'bigint')
  out.account_event.push({
    ...eventBase(log),
    contract: log.contract,
    account: addr(String(account[1])),
    counterparty: counterparty ? addr(String(counterparty[1])) : null,
    kind: log.eventName,
    amount: amountName ? (a[amountName] as bigint) : 0n,
    details: rest(a, account[0], ...(amountName ? [amountName] : [])),
  })
}
