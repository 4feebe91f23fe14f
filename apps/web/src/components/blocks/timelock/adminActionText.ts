import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { timelockRoles } from '@nexus/sdk'
import { isAddressEqual, zeroHash } from 'viem'
import type { Address } from 'viem'
import { settingField } from '../settings/eventFields.ts'
import { labelText } from '../settings/formModel.ts'
import type { FieldSpec, Token } from '../settings/formModel.ts'
import { deployed } from '../../../lib/deployment.ts'
import { showAmount, showCount, showTime } from '../../../lib/format.ts'
import type { AdminActionNode } from './adminActions.ts'

/**
 * What each owner event (apps/indexer `adminEvents`) means, in the reader's language. `adminActionText.test.ts`
 * checks that every event the indexer lists as an admin action has its label here.
 */
export const ADMIN_EVENT_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  AddressesUpdated: msg`Linked contracts changed`,
  BaseURIUpdated: msg`Card metadata address changed`,
  BlacklistUpdated: msg`Blacklist changed`,
  BoxUpdated: msg`Box address changed`,
  CallExecuted: msg`Owner action executed (Timelock)`,
  CallSalt: msg`Salt of a scheduled owner action (Timelock)`,
  CallScheduled: msg`Owner action scheduled (Timelock)`,
  Cancelled: msg`Owner action cancelled (Timelock)`,
  CardCreated: msg`Card created`,
  CardNameUpdated: msg`Card name changed`,
  ConfigMultiUpdated: msg`Shares and tiers changed`,
  ConfigUpdated: msg`Settings changed`,
  ContractsUpdated: msg`Linked contracts changed`,
  DayTimesUpdated: msg`Day length changed`,
  DepositorUpdated: msg`Depositor changed`,
  ExcessWithdrawn: msg`Excess withdrawn`,
  FeeExemptUpdated: msg`Fee exemption changed`,
  GuardianUpdated: msg`Guardian changed`,
  IdoSet: msg`Minting round set`,
  IdoUpdated: msg`Staking round set`,
  Initialized: msg`Contract initialized`,
  LevelNameUpdated: msg`Level name changed`,
  LogUpdated: msg`Action log contract changed`,
  ManagerUpdated: msg`Manager changed`,
  MaxSupplyUpdated: msg`Card maximum supply changed`,
  MinDelayChange: msg`Timelock delay changed`,
  MinterUpdated: msg`Minter changed`,
  OracleUpdated: msg`Price oracle updated`,
  OwnershipTransferStarted: msg`Ownership transfer started`,
  OwnershipTransferred: msg`Ownership transferred`,
  PauseUpdated: msg`Pause set until`,
  Paused: msg`Paused`,
  PayerUpdated: msg`Payout signer changed`,
  RoleAdminChanged: msg`Role administrator changed (Timelock)`,
  RoleGranted: msg`Role granted (Timelock)`,
  RoleRevoked: msg`Role revoked (Timelock)`,
  RoundScheduled: msg`Next round scheduled`,
  SendMinUpdated: msg`Dividend threshold changed`,
  SourcesUpdated: msg`Data sources changed`,
  TeamManualUpdated: msg`Manual team level changed`,
  Unpaused: msg`Unpaused`,
  UpgradeCancelled: msg`Upgrade cancelled`,
  UpgradeDelayUpdated: msg`Upgrade delay changed`,
  UpgradeExecuted: msg`Upgrade executed`,
  UpgradeScheduled: msg`Upgrade scheduled`,
  Upgraded: msg`Implementation upgraded`,
  WhitelistUpdated: msg`Whitelist changed`,
  WriterUpdated: msg`Action log writer changed`,
}

/** The names of the arguments owner events carry besides their settings (the settings read as in their forms). */
const ARGUMENT_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  amount: msg`Amount`,
  to: msg`Paid to`,
  index: msg`Round`,
  startTime: msg`Start time`,
  delay: msg`Delay`,
  value: msg`BNB sent`,
  data: msg`Call data`,
  id: msg`Operation`,
  predecessor: msg`After operation`,
  salt: msg`Salt (keeps two schedulings of the same call apart)`,
  oldDuration: msg`Delay before`,
  newDuration: msg`Delay after`,
  isManual: msg`Set by hand`,
  level: msg`Level`,
  tokenId: msg`Card`,
  power: msg`Power`,
  maxSupply: msg`Maximum supply`,
  cid: msg`Content ID`,
  suffix: msg`File suffix`,
  name: msg`Name`,
  nameZh: msg`Name (Chinese)`,
  nameEn: msg`Name (English)`,
  uri: msg`Metadata address`,
  version: msg`Version`,
  timestamp: msg`Time`,
  priceAverage: msg`Average price (UQ112x112)`,
  role: msg`Role`,
  sender: msg`By`,
  previousAdminRole: msg`Administrator role before`,
  newAdminRole: msg`Administrator role after`,
  generations: msg`Generations`,
  target: msg`Contract`,
  selector: msg`Function`,
}

/** How a value reads: a token amount, basis points, a duration, a point in time, a count, or as it is. */
type Unit =
  | { kind: 'amount'; token?: Token | undefined }
  | { kind: 'bps' | 'seconds' | 'time' | 'days' | 'units' | 'count' | 'plain' }

const SECONDS: Unit = { kind: 'seconds' }
const TIME: Unit = { kind: 'time' }
const BNB: Unit = { kind: 'amount', token: 'BNB' }

/** The units of the values of owner events that no settings form sets ('' the single value an event sets). */
const EVENT_UNITS: Readonly<Record<string, Readonly<Record<string, Unit>>>> = {
  PauseUpdated: { '': TIME },
  RoundScheduled: { startTime: TIME },
  UpgradeScheduled: { '': TIME },
  UpgradeDelayUpdated: { '': SECONDS },
  DayTimesUpdated: { '': SECONDS },
  MinDelayChange: { oldDuration: SECONDS, newDuration: SECONDS },
  CallScheduled: { value: BNB, delay: SECONDS, index: { kind: 'plain' } },
  CallExecuted: { value: BNB, index: { kind: 'plain' } },
  OracleUpdated: { timestamp: TIME },
  Initialized: { '': { kind: 'plain' } },
  CardCreated: { tokenId: { kind: 'plain' } },
  CardNameUpdated: { tokenId: { kind: 'plain' } },
  // owner calls waiting on the Timelock whose setter emits no event of its own values (operationCall.ts)
  'call:renewPause': { duration: SECONDS },
  'call:setUpgradeDelay': { delay: SECONDS },
  'call:setDayTimes': { dayTimes: SECONDS },
  'call:setSendMin': { sendMin: { kind: 'amount', token: 'USDT' } },
  'call:setRoundStart': { startTime: TIME, index: { kind: 'plain' } },
  'call:setMaxSupply': { tokenId: { kind: 'plain' } },
}

/** The token of an address the contracts pay in: NEX (the Token contract) or USDT; undefined for another. */
function tokenAt(address: unknown): Token | undefined {
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return undefined
  const token = deployed('Token')
  const usdt = deployed('USDT')
  if (token && isAddressEqual(address as Address, token)) return 'NEX'
  if (usdt && isAddressEqual(address as Address, usdt)) return 'USDT'
  return undefined
}

function unitOfField(field: Partial<FieldSpec>): Unit {
  if (field.kind === 'amount') return { kind: 'amount', token: field.token }
  switch (field.unit) {
    case 'bps':
      return { kind: 'bps' }
    case 's':
      return SECONDS
    case 'Unix s':
      return TIME
    case 'days':
      return { kind: 'days' }
    case 'units':
      return { kind: 'units' }
  }
  return { kind: 'count' }
}

function unitOf(node: AdminActionNode, name: string): Unit {
  const field = settingField(node.contract, node.eventName, name)
  if (field) return unitOfField(field)
  if (node.eventName === 'ExcessWithdrawn' && name === 'amount') return { kind: 'amount', token: tokenAt(node.target) }
  if (node.eventName === 'MaxSupplyUpdated') return { kind: 'count' }
  return EVENT_UNITS[node.eventName]?.[name] ?? { kind: 'count' }
}

/**
 * The label of one value of an admin action: the setting's label in its form (a contract's own member name where
 * the form uses it), the argument's name in the reader's language, else the contract's argument name; '' for the
 * single value of an event that sets one.
 */
export function changeLabel(i18n: I18n, node: AdminActionNode, name: string): string {
  if (name === '') return ''
  const field = settingField(node.contract, node.eventName, name)
  if (field?.label !== undefined) return labelText(i18n, field.label)
  const argument = ARGUMENT_LABELS[name]
  return argument ? i18n._(argument) : name
}

const ROLE_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  [zeroHash]: msg`Administrator (DEFAULT_ADMIN_ROLE)`,
  [timelockRoles.proposer]: msg`Proposer (PROPOSER_ROLE)`,
  [timelockRoles.canceller]: msg`Canceller (CANCELLER_ROLE)`,
  [timelockRoles.executor]: msg`Executor (EXECUTOR_ROLE)`,
}

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/**
 * One value of an admin action as a reader reads it: an amount with its token and decimals, basis points as a
 * percentage, a duration in seconds, a time as a date, a flag as yes or no, a role by its name.
 *
 * @example
 * showChangeValue(i18n, miningConfigNode, 'userMax', '100000000000000000000000') // '100,000 NEX'
 */
export function showChangeValue(i18n: I18n, node: AdminActionNode, name: string, value: unknown): string {
  if (value === undefined || value === null) return '—'
  if (typeof value === 'boolean') return value ? i18n._(msg`Yes`) : i18n._(msg`No`)
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    const number = BigInt(value)
    const count = showCount(number)
    const unit = unitOf(node, name)
    switch (unit.kind) {
      case 'amount': {
        const amount = showAmount(number)
        return unit.token ? `${amount} ${unit.token}` : amount
      }
      case 'bps':
        return `${percent.format(Number(number) / 100)} %`
      case 'seconds':
        return i18n._(msg`${count} s`)
      case 'time':
        return showTime(number)
      case 'days':
        return i18n._(msg`${count} days`)
      case 'units':
        return i18n._(msg`${count} units`)
      case 'count':
        return count
      case 'plain':
        return value
    }
  }
  if (typeof value === 'string') {
    const role = ROLE_NAMES[value.toLowerCase()]
    if (role && /^0x[0-9a-fA-F]{64}$/.test(value)) return i18n._(role)
    return value
  }
  return JSON.stringify(value)
}

/** The label of an admin event in the reader's language (its contract name where none is known). */
export function eventLabel(i18n: I18n, eventName: string): string {
  const label = ADMIN_EVENT_LABELS[eventName]
  return label ? i18n._(label) : eventName
}
