import { useEffect, useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { burnAbi, nftAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { getAddress, isAddress } from 'viem'
import { SelectField } from '../../components/forms/SelectField.tsx'
import { ok, useChainReads, useRefreshChain } from '../../data/ChainData.tsx'
import { AdminForm } from './AdminForm.tsx'
import { AdminPage, NotDeployed } from './AdminPage.tsx'
import { BlacklistForm } from './BlacklistForm.tsx'
import { RoundStartForms } from './RoundStartForms.tsx'
import { LookupForm, SettingForm } from './SettingForms.tsx'
import { SystemForms } from './SystemForms.tsx'
import { WithdrawalsCard } from './WithdrawalsCard.tsx'
import { deployed } from '../../lib/deployment.ts'
import type { FieldSpec, Problem, Values } from '../../components/blocks/settings/formModel.ts'
import {
  BURN_MULTI,
  BURN_SETTINGS,
  BURN_TEAM,
  burnMultiArgs,
  burnMultiProblems,
  burnSharesProblems,
  structOf,
  NFT_LEVEL_MAX,
  NFT_MAX_SUPPLY,
  NFT_SEND_MIN,
} from '../../components/blocks/settings/specs.ts'
import { arrayValues } from '../../components/blocks/settings/formModel.ts'

/**
 * `/manager`: the burn-node NFT contract (cards, supply, URI, boxes, names, minting), the Burn contract, the
 * managers' round scheduling (Stake and Ido `setRoundStart`), the other contracts' owner settings and the powers
 * every contract shares (`SystemForms`).
 */
export function ManagerPage() {
  const nft = deployed('Nft')
  const burn = deployed('Burn')
  return (
    <AdminPage path="/manager">
      <WithdrawalsCard />
      {nft ? <NftForms nft={nft} /> : <NotDeployed name="Nft" />}
      {burn ? <BurnForms burn={burn} /> : <NotDeployed name="Burn" />}
      <RoundStartForms />
      <SystemForms />
    </AdminPage>
  )
}

function NftForms({ nft }: { nft: Address }) {
  const { t } = useLingui()
  const data = useChainReads(
    useMemo(
      () =>
        [
          { address: nft, abi: nftAbi, functionName: 'getConfig' },
          { address: nft, abi: nftAbi, functionName: 'getCards' },
        ] as const,
      [nft],
    ),
  )
  const config = ok(data?.[0])
  const cards = ok(data?.[1])
  const [chosen, setChosen] = useState<bigint>()
  const card = cards?.find((c) => c.tokenId === chosen) ?? cards?.[0]
  const maxPower = config?.maxPower ?? 1_000_000n
  const maxLevel = config?.maxLevel ?? NFT_LEVEL_MAX

  const createFields: FieldSpec[] = [
    { key: 'power', label: msg`Power`, kind: 'uint', min: 1n, max: maxPower },
    { key: 'maxSupply', label: msg`Maximum supply`, kind: 'uint', min: 0n, max: NFT_MAX_SUPPLY },
    { key: 'cid', label: msg`Metadata CID`, kind: 'text', required: true },
    { key: 'suffix', label: msg`File suffix`, kind: 'text' },
  ]
  const maxSupplyFields: FieldSpec[] = [
    { key: 'maxSupply', label: msg`Maximum supply`, kind: 'uint', min: card?.mints ?? 0n, max: NFT_MAX_SUPPLY },
  ]
  const nameFields: FieldSpec[] = [
    { key: 'level', label: msg`Level`, kind: 'uint', min: 1n, max: maxLevel },
    { key: 'name', label: msg`Name`, kind: 'text', required: true },
  ]
  const mintFields: FieldSpec[] = [
    { key: 'to', label: msg`Recipient`, kind: 'address' },
    { key: 'amount', label: msg`Quantity`, kind: 'uint', min: 1n },
  ]
  const cardLabel = (tokenId: bigint, name: string) => `#${tokenId}${name ? ` ${name}` : ''}`

  return (
    <>
      <AdminForm
        id="uri"
        title={msg`Metadata URI`}
        fields={URI_FIELDS}
        current={config ? { uri: config.uri } : undefined}
        address={nft}
        abi={nftAbi}
        functionName="setURI"
        args={(v) => [v.uri]}
        success={msg`URI updated`}
      />
      <AdminForm
        id="sendMin"
        title={msg`Dividend threshold`}
        description={msg`The USDT the NFT contract receives (its share of NEX's fees) is shared out among card holders once this much has arrived.`}
        fields={SEND_MIN_FIELDS}
        current={config ? { sendMin: config.sendMin } : undefined}
        address={nft}
        abi={nftAbi}
        functionName="setSendMin"
        args={(v) => [v.sendMin]}
        success={msg`Threshold updated`}
      />
      <SettingForm
        id="nftLog"
        title={msg`NFT: action log contract`}
        description={msg`Dividend claims are written to this Log (it must let the NFT contract write).`}
        address={nft}
        abi={nftAbi}
        functionName="setLog"
        success={msg`Addresses updated`}
      />
      <AdminForm
        id="createNft"
        title={msg`Create a card`}
        description={msg`A new card starts at level 1.`}
        fields={createFields}
        current={undefined}
        creates
        address={nft}
        abi={nftAbi}
        functionName="createNFT"
        args={(v) => [v.power, v.maxSupply, v.cid, v.suffix]}
        rules={() =>
          cards && config && BigInt(cards.length) >= config.maxCards
            ? [{ message: msg`No more cards can be created (at most {max})`, values: { max: String(config.maxCards) } }]
            : []
        }
        success={msg`Card created`}
      />
      {cards && cards.length > 0 && card && (
        <>
          <SelectField
            label={t`Card`}
            className="admin-lookup"
            testId="card-select"
            options={cards.map((c) => String(c.tokenId))}
            value={String(card.tokenId)}
            onChange={(tokenId) => setChosen(BigInt(tokenId))}
            render={(tokenId) =>
              cardLabel(BigInt(tokenId), cards.find((c) => String(c.tokenId) === tokenId)?.name ?? '')
            }
          >
            <span className="app-muted">
              {t`Power ${String(card.power)}, minted ${String(card.mints)}, in circulation ${String(card.supply)}`}
            </span>
          </SelectField>
          <AdminForm
            id="maxSupply"
            title={msg`Maximum supply`}
            description={msg`Never below what was minted already.`}
            fields={maxSupplyFields}
            current={{ maxSupply: card.total }}
            address={nft}
            abi={nftAbi}
            functionName="setMaxSupply"
            args={(v) => [card.tokenId, v.maxSupply]}
            success={msg`Maximum supply updated`}
          >
            <p className="app-muted">{cardLabel(card.tokenId, card.name)}</p>
          </AdminForm>
          <AdminForm
            id="cardName"
            title={msg`Level and name`}
            fields={nameFields}
            current={{ level: card.level, name: card.name }}
            address={nft}
            abi={nftAbi}
            functionName="setName"
            args={(v) => [card.tokenId, v.level, v.name]}
            success={msg`Card updated`}
          >
            <p className="app-muted">{cardLabel(card.tokenId, card.name)}</p>
          </AdminForm>
          <AdminForm
            id="mintNft"
            title={msg`Mint cards`}
            description={msg`Mints cards of the chosen card to an address (never beyond the maximum supply).`}
            fields={mintFields}
            current={undefined}
            creates
            rules={(v: Values): Problem[] =>
              card.mints + (v.amount as bigint) > card.total
                ? [
                    {
                      key: 'amount',
                      message: msg`Minting would exceed the maximum supply ({max}, minted {minted})`,
                      values: { max: String(card.total), minted: String(card.mints) },
                    },
                  ]
                : []
            }
            address={nft}
            abi={nftAbi}
            functionName="mint"
            args={(v) => [v.to, card.tokenId, v.amount]}
            success={msg`Cards minted`}
          >
            <p className="app-muted">{cardLabel(card.tokenId, card.name)}</p>
          </AdminForm>
        </>
      )}
      <LevelNamesForm nft={nft} maxLevel={maxLevel} />
      <BoxForm nft={nft} />
    </>
  )
}

const URI_FIELDS: readonly FieldSpec[] = [{ key: 'uri', label: msg`Base URI`, kind: 'text', required: true }]
const SEND_MIN_FIELDS: readonly FieldSpec[] = [NFT_SEND_MIN]
const BOX_FIELDS: readonly FieldSpec[] = [{ key: 'allowed', label: msg`May mint and burn`, kind: 'bool' }]

/** `setBox(box, allowed)`: contracts (boxes) that may mint and burn cards. */
function BoxForm({ nft }: { nft: Address }) {
  const { t } = useLingui()
  const refresh = useRefreshChain()
  const [text, setText] = useState('')
  const box = isAddress(text.trim()) ? getAddress(text.trim()) : undefined
  const data = useChainReads(
    useMemo(
      () => (box ? ([{ address: nft, abi: nftAbi, functionName: 'isBox', args: [box] }] as const) : undefined),
      [nft, box],
    ),
  )
  useEffect(() => {
    if (box) void refresh()
  }, [box, refresh])
  const allowed = ok(data?.[0])
  return (
    <AdminForm
      id="box"
      title={msg`Boxes`}
      description={msg`A box is a contract allowed to mint and burn cards.`}
      fields={BOX_FIELDS}
      current={box ? (allowed === undefined ? undefined : { allowed }) : {}}
      address={nft}
      abi={nftAbi}
      functionName="setBox"
      args={(v) => [box, v.allowed]}
      rules={() => (box ? [] : [{ message: msg`Enter a valid address (0x followed by 40 hexadecimal digits)` }])}
      success={msg`Box updated`}
    >
      <label className="admin-lookup">
        <span className="app-field__label">{t`Box address`}</span>
        <input
          className="app-input"
          data-testid="field-box-account"
          placeholder="0x…"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
    </AdminForm>
  )
}

function BurnForms({ burn }: { burn: Address }) {
  const data = useChainReads(
    useMemo(
      () =>
        [
          { address: burn, abi: burnAbi, functionName: 'getConfig' },
          { address: burn, abi: burnAbi, functionName: 'getConfigMulti' },
        ] as const,
      [burn],
    ),
  )
  const config = ok(data?.[0])
  const multi = ok(data?.[1])
  const multiValues = useMemo(
    () =>
      multi && {
        ...arrayValues('burnRates', multi.burnRates),
        ...arrayValues('teamAmounts', multi.teamAmounts),
        ...arrayValues('teamRates', multi.teamRates),
        slippage: multi.slippage,
      },
    [multi],
  )
  return (
    <>
      <AdminForm
        id="burnConfig"
        title={msg`Burn contract settings`}
        fields={BURN_SETTINGS}
        current={config}
        address={burn}
        abi={burnAbi}
        functionName="setConfig"
        args={(v) => [structOf(BURN_SETTINGS, v)]}
        rules={(v) => (multi ? burnSharesProblems(v, multi.burnRates) : [])}
        success={msg`Settings updated`}
      />
      <AdminForm
        id="burnMulti"
        title={msg`Burn shares and team levels`}
        fields={BURN_MULTI}
        current={multiValues}
        address={burn}
        abi={burnAbi}
        functionName="setConfigMulti"
        args={(v) => [burnMultiArgs(v)]}
        rules={(v) => burnMultiProblems(v, config)}
        success={msg`Settings updated`}
      />
      <BlacklistForm id="burnBlacklist" address={burn} abi={burnAbi} />
      <LookupForm
        id="burnTeam"
        title={msg`Burn: manual team level`}
        description={msg`isManual keeps the level set here (V0 to V5) instead of the one the team's volume gives; without it the automatic level applies again.`}
        lookup={{ name: 'account', kind: 'address', label: msg`Account` }}
        read={(account) => ({ functionName: 'teams', args: [account] })}
        address={burn}
        abi={burnAbi}
        functionName="setTeam"
        bounds={BURN_TEAM}
        success={msg`Team level updated`}
      />
      <SettingForm
        id="burnAddresses"
        title={msg`Burn: contract addresses`}
        address={burn}
        abi={burnAbi}
        functionName="setAddresses"
        read={{ functionName: 'getAddresses' }}
        success={msg`Addresses updated`}
      />
    </>
  )
}

const LEVEL_NAME_FIELDS: readonly FieldSpec[] = [
  { key: 'nameZh', label: msg`Name in Chinese`, kind: 'text', required: true },
  { key: 'nameEn', label: msg`Name in English`, kind: 'text', required: true },
]

/** `setLevelName(level, nameZh, nameEn)`: the tier names shown in both languages. */
function LevelNamesForm({ nft, maxLevel }: { nft: Address; maxLevel: bigint }) {
  const { t } = useLingui()
  const [level, setLevel] = useState(1)
  const data = useChainReads(
    useMemo(() => [{ address: nft, abi: nftAbi, functionName: 'getLevelNames' }] as const, [nft]),
  )
  const names = ok(data?.[0])
  const current = names ? { nameZh: names[0][level - 1] ?? '', nameEn: names[1][level - 1] ?? '' } : undefined
  return (
    <AdminForm
      id="levelName"
      title={msg`Tier names`}
      fields={LEVEL_NAME_FIELDS}
      current={current}
      address={nft}
      abi={nftAbi}
      functionName="setLevelName"
      args={(v) => [BigInt(level), v.nameZh, v.nameEn]}
      success={msg`Tier name updated`}
    >
      <SelectField<number>
        label={t`Level`}
        className="admin-lookup"
        testId="level-select"
        options={Array.from({ length: Number(maxLevel) }, (_, index) => index + 1)}
        value={level}
        onChange={setLevel}
      />
    </AdminForm>
  )
}
