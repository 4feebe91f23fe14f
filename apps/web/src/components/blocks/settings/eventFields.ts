import type { FieldSpec } from './formModel.ts'
import {
  BURN_MULTI,
  BURN_SETTINGS,
  DOUBLE_SETTINGS,
  FOMO_MULTI,
  FOMO_SETTINGS,
  IDO_ROUND,
  IDO_SETTINGS,
  MINING_MULTI,
  MINING_SETTINGS,
  NFT_SEND_MIN,
  STAKE_ROUND,
  STAKE_SETTINGS,
  TOKEN_MULTI,
  TOKEN_SETTINGS,
} from './specs.ts'

/** A setting's label, kind and unit as the admin form shows it, by member name (`burnRates.0` for an array's element). */
export type SettingFields = Readonly<Record<string, Partial<FieldSpec>>>

const byKey = (fields: readonly FieldSpec[]): SettingFields =>
  Object.fromEntries(fields.map((field) => [field.key, field]))

/**
 * The fields of the settings an owner event reports, by event and contract (its name in the deployments file):
 * the same specs as the forms that make the change (specs.ts), so that `/transparency` shows a change with the
 * label, token and unit the manager typed it in.
 */
const EVENT_SETTINGS: Readonly<Record<string, Readonly<Record<string, SettingFields>>>> = {
  ConfigUpdated: {
    Burn: byKey(BURN_SETTINGS),
    Fomo: byKey(FOMO_SETTINGS),
    SuperFomo: byKey(FOMO_SETTINGS),
    Mining: byKey(MINING_SETTINGS),
    Token: TOKEN_SETTINGS,
    Ido: IDO_SETTINGS,
    Stake: STAKE_SETTINGS,
    Double: DOUBLE_SETTINGS,
  },
  ConfigMultiUpdated: {
    Burn: byKey(BURN_MULTI),
    Fomo: byKey(FOMO_MULTI),
    SuperFomo: byKey(FOMO_MULTI),
    Mining: byKey(MINING_MULTI),
    Token: TOKEN_MULTI,
  },
  IdoSet: { Ido: IDO_ROUND },
  IdoUpdated: { Stake: STAKE_ROUND },
  SendMinUpdated: { Nft: { '': NFT_SEND_MIN } },
}

/**
 * How one value of an owner event reads in its setter's form: label, kind (`amount` for token amounts), unit and
 * token; undefined for a value no form sets.
 *
 * @example
 * settingField('Mining', 'ConfigUpdated', 'userMax') // { key: 'userMax', label: …, kind: 'amount', token: 'NEX', … }
 */
export function settingField(contract: string, eventName: string, name: string): Partial<FieldSpec> | undefined {
  return EVENT_SETTINGS[eventName]?.[contract]?.[name]
}
