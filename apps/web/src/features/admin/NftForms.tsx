import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { nftAbi } from '@nexus/abi'
import type { Address } from 'viem'
import { SelectField } from '../../components/forms/SelectField.tsx'
import { AdminForm } from './AdminForm.tsx'
import { SettingForm } from './SettingForms.tsx'
import { NOT_AN_ADDRESS } from './adminFormModel.ts'
import { BOX_FIELDS, LEVEL_NAME_FIELDS, SEND_MIN_FIELDS, URI_FIELDS } from './managerModel.ts'
import type { CardModel } from './managerModel.ts'
import { useBoxModel, useLevelNames, useNftModel } from './useManagerModel.ts'

/** `/manager`'s NFT forms: URI, dividend threshold, log, cards (create, supply, name, mint), tier names, boxes. */
export function NftForms({ nft }: { nft: Address }) {
  const { t } = useLingui()
  const model = useNftModel(nft)
  const { chosen } = model
  return (
    <>
      <AdminForm
        id="uri"
        title={msg`Metadata URI`}
        fields={URI_FIELDS}
        current={model.uri}
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
        current={model.sendMin}
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
        fields={model.createFields}
        current={undefined}
        creates
        address={nft}
        abi={nftAbi}
        functionName="createNFT"
        args={(v) => [v.power, v.maxSupply, v.cid, v.suffix]}
        rules={model.createProblems}
        success={msg`Card created`}
      />
      {model.cardIds.length > 0 && chosen && (
        <>
          <SelectField
            label={t`Card`}
            className="admin-lookup"
            testId="card-select"
            options={model.cardIds}
            value={String(chosen.card.tokenId)}
            onChange={(tokenId) => model.choose(BigInt(tokenId))}
            render={model.labelOf}
          >
            <span className="app-muted">
              {t`Power ${String(chosen.card.power)}, minted ${String(chosen.card.mints)}, in circulation ${String(chosen.card.supply)}`}
            </span>
          </SelectField>
          <CardForms nft={nft} chosen={chosen} />
        </>
      )}
      <LevelNamesForm nft={nft} levels={model.levels} />
      <BoxForm nft={nft} />
    </>
  )
}

/** The chosen card's maximum supply, level and name, and minting. */
function CardForms({ nft, chosen }: { nft: Address; chosen: CardModel }) {
  const { card, label } = chosen
  return (
    <>
      <AdminForm
        id="maxSupply"
        title={msg`Maximum supply`}
        description={msg`Never below what was minted already.`}
        fields={chosen.maxSupplyFields}
        current={{ maxSupply: card.total }}
        address={nft}
        abi={nftAbi}
        functionName="setMaxSupply"
        args={(v) => [card.tokenId, v.maxSupply]}
        success={msg`Maximum supply updated`}
      >
        <p className="app-muted">{label}</p>
      </AdminForm>
      <AdminForm
        id="cardName"
        title={msg`Level and name`}
        fields={chosen.nameFields}
        current={{ level: card.level, name: card.name }}
        address={nft}
        abi={nftAbi}
        functionName="setName"
        args={(v) => [card.tokenId, v.level, v.name]}
        success={msg`Card updated`}
      >
        <p className="app-muted">{label}</p>
      </AdminForm>
      <AdminForm
        id="mintNft"
        title={msg`Mint cards`}
        description={msg`Mints cards of the chosen card to an address (never beyond the maximum supply).`}
        fields={chosen.mintFields}
        current={undefined}
        creates
        rules={chosen.mintProblems}
        address={nft}
        abi={nftAbi}
        functionName="mint"
        args={(v) => [v.to, card.tokenId, v.amount]}
        success={msg`Cards minted`}
      >
        <p className="app-muted">{label}</p>
      </AdminForm>
    </>
  )
}

/** `setLevelName(level, nameZh, nameEn)`: the tier names shown in both languages. */
function LevelNamesForm({ nft, levels }: { nft: Address; levels: number[] }) {
  const { t } = useLingui()
  const { level, setLevel, current } = useLevelNames(nft)
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
        options={levels}
        value={level}
        onChange={setLevel}
      />
    </AdminForm>
  )
}

/** `setBox(box, allowed)`: contracts (boxes) that may mint and burn cards. */
function BoxForm({ nft }: { nft: Address }) {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const { box, current } = useBoxModel(nft, text)
  return (
    <AdminForm
      id="box"
      title={msg`Boxes`}
      description={msg`A box is a contract allowed to mint and burn cards.`}
      fields={BOX_FIELDS}
      current={current}
      address={nft}
      abi={nftAbi}
      functionName="setBox"
      args={(v) => [box, v.allowed]}
      rules={() => (box ? [] : [{ message: NOT_AN_ADDRESS }])}
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
