import { useMemo, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { miningAbi } from '@nexus/abi'
import { Button, Card } from '@nexus/ui'
import { erc20Abi } from 'viem'
import type { Address } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useTransaction } from '../../hooks/useTransaction.ts'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { showAmount, showCount, showTime } from '../../lib/format.ts'
import {
  allowedRange,
  duration,
  miningStakeState,
  multiplier,
  percent,
  secondsUntil,
} from '../../components/blocks/records/recordFormat.ts'
import { useDurationUnits } from '../../hooks/useDurationUnits.ts'
import { NotDeployed, PageFrame } from '../../components/pages/PageFrame.tsx'
import { RecordItem, RecordList, StateBadge, useReader } from '../../components/blocks/records/RecordParts.tsx'
import { Stat } from '../../components/Stat.tsx'
import { ClaimButton } from '../../components/forms/ClaimButton.tsx'
import { useEveryPage } from '../../data/useEveryPage.ts'
import { PagedList } from '../../components/blocks/account/PagedList.tsx'
import { InviteList } from '../../components/blocks/records/InviteList.tsx'
import { CLAIMS, RECORD_PAGE } from '../../data/recordQueries.ts'
import type { ClaimsData, RecordNode, RecordPageData } from '../../data/recordQueries.ts'
import { AmountField } from '../../components/forms/AmountField.tsx'
import { ActionForm } from '../../components/forms/ActionForm.tsx'

/** Invitees read from the contract's paged views (at most 100). */
const PAGE_SIZE = 50n
const TIERS = [0, 1, 2, 3, 4, 5] as const

function useMining(): { mining: Address; nex: Address } | undefined {
  const contracts = contractsOf(env.chainId)
  return contracts.Mining && contracts.Token ? { mining: contracts.Mining, nex: contracts.Token } : undefined
}

/** The mining config, tiers and totals, read in the page's refresh cycle. */
function useMiningConfig(mining: Address) {
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address: mining, abi: miningAbi, functionName: 'getConfig' },
          multi: { address: mining, abi: miningAbi, functionName: 'getConfigMulti' },
          totals: { address: mining, abi: miningAbi, functionName: 'getTotals' },
        }) as const,
      [mining],
    ),
  )
  return { config: ok(data?.config), multi: ok(data?.multi), totals: ok(data?.totals) }
}

/**
 * `/mining`: the six tiers (lock days, part returned, NEX staked, force per NEX), the daily emission and what is
 * left of it, and the deposit of NEX into a tier within the allowed range.
 */
export function MiningPage() {
  const contracts = useMining()
  return <PageFrame>{contracts ? <Tiers {...contracts} /> : <NotDeployed testId="mining-unavailable" />}</PageFrame>
}

function Tiers({ mining, nex }: { mining: Address; nex: Address }) {
  const { t } = useLingui()
  const { account, who } = useReader()
  const send = useTransaction()
  const { config, multi, totals } = useMiningConfig(mining)
  const [tier, setTier] = useState(0)
  const [input, setInput] = useState('')
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          user: { address: mining, abi: miningAbi, functionName: 'users', args: [who] },
          balance: { address: nex, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
        }) as const,
      [mining, nex, who],
    ),
  )
  const user = account ? ok(data?.user) : undefined
  const balance = account ? ok(data?.balance) : undefined
  const room = config
    ? user
      ? config.userMax > user.amount
        ? config.userMax - user.amount
        : 0n
      : config.userMax
    : undefined
  const range = allowedRange(config?.userMin, [room])

  async function deposit() {
    await send({
      amount: { input, rules: { min: range?.min, max: range?.max, balance } },
      spend: { token: nex, spender: mining },
      request: (amount) => ({
        address: mining,
        abi: miningAbi,
        functionName: 'deposit',
        args: [BigInt(tier), amount ?? 0n],
      }),
      success: msg`Staked`,
    })
  }

  return (
    <>
      <Card title={t`Daily emission`} data-testid="emission">
        <dl className="app-stats">
          <Stat label={t`NEX per day`} value={showAmount(config?.mintDay)} testId="mint-day" />
          <Stat label={t`Emission left`} value={showAmount(config?.mintSurplus)} testId="mint-surplus" />
          <Stat label={t`Total force`} value={showAmount(totals?.totalForce)} />
          <Stat label={t`NEX staked`} value={showAmount(totals?.totalAmount)} />
          <Stat label={t`Miners`} value={showCount(totals?.totalUserValid)} />
          <Stat label={t`NEX mined`} value={showAmount(totals?.totalMint)} />
        </dl>
      </Card>

      <Card title={t`Mining tiers`} data-testid="mining-tiers">
        <p className="app-muted">{t`Your share of the daily emission follows your force: the NEX staked times the tier's force.`}</p>
        <div className="pool-tiers" role="radiogroup" aria-label={t`Mining tier`}>
          {TIERS.map((index) => (
            <button
              key={index}
              type="button"
              role="radio"
              aria-checked={tier === index}
              className={tier === index ? 'pool-tier is-active' : 'pool-tier'}
              data-testid={`mining-tier-${index}`}
              onClick={() => setTier(index)}
            >
              <strong>{t`${showCount(multi?.stakeDays[index])} days`}</strong>
              <span>{t`Force ${multiplier(multi?.stakeForces[index])}`}</span>
              <span>{t`Returned ${percent(multi?.stakeRates[index])}`}</span>
              <span>{t`Staked ${showAmount(multi?.stakeTotals[index], 2)} NEX`}</span>
            </button>
          ))}
        </div>
        <ActionForm onSubmit={deposit}>
          <AmountField
            label={t`Amount (NEX)`}
            hint={t`Balance ${showAmount(balance)} NEX`}
            value={input}
            onChange={setInput}
            testId="mining-amount"
          />
          <p className="app-muted" data-testid="mining-range">
            {range ? t`Allowed range: ${showAmount(range.min)} to ${showAmount(range.max)} NEX` : t`Allowed range: —`}
          </p>
          <Button type="submit" block disabled={!account} data-testid="mining-submit">
            {t`Stake`}
          </Button>
        </ActionForm>
      </Card>
    </>
  )
}

/**
 * `/miningMine`: the account's force (own, direct, indirect, invite), its stakes with their state and the release
 * after the lock, and the claim of the mined NEX (at most once per `addTime`).
 */
export function MiningMinePage() {
  const contracts = useMining()
  return (
    <PageFrame>
      {contracts ? <Mine mining={contracts.mining} /> : <NotDeployed testId="mining-unavailable" />}
    </PageFrame>
  )
}

function Mine({ mining }: { mining: Address }) {
  const { t } = useLingui()
  const { account, who } = useReader()
  const now = useChainNow()
  const send = useTransaction()
  const units = useDurationUnits()
  const { config } = useMiningConfig(mining)
  const data = useNamedChainReads(
    useMemo(
      () => ({ info: { address: mining, abi: miningAbi, functionName: 'getUserInfo', args: [who] } }) as const,
      [mining, who],
    ),
  )
  const info = account ? ok(data?.info) : undefined
  const user = info?.[0]
  const listVariables = useMemo(
    () => (account ? { account: account.toLowerCase(), contract: 'Mining' } : undefined),
    [account],
  )
  // What the account's claims took from its balance (the claim fee included), summed over every claim indexed.
  const claims = useEveryPage(
    CLAIMS,
    useMemo(
      () => (account ? { account: account.toLowerCase(), contract: 'Mining', kind: 'RewardClaimed' } : undefined),
      [account],
    ),
    (answer: ClaimsData) => answer.accountEvents,
  )
  const claimed = Array.isArray(claims) ? claims.reduce((sum, claim) => sum + BigInt(claim.amount), 0n) : undefined
  const nextClaim = user && config && user.lastOut > 0n ? user.lastOut + config.addTime : 0n
  const waitClaim = secondsUntil(nextClaim, now)

  function release(index: bigint, endTime: bigint) {
    void send({
      check: () =>
        now !== undefined && BigInt(now) < endTime
          ? msg`This stake is locked until ${showTime(endTime)}: it can be released after that.`
          : undefined,
      request: () => ({ address: mining, abi: miningAbi, functionName: 'claimRelease', args: [index] }),
      success: msg`Released`,
    })
  }

  return (
    <>
      <Card
        title={t`My mining`}
        data-testid="my-mining"
        actions={
          <ClaimButton
            testId="mining-claim"
            disabled={!account}
            check={() =>
              user && user.balance === 0n
                ? msg`Nothing to claim yet`
                : waitClaim > 0
                  ? msg`The next claim is possible at ${showTime(nextClaim)}.`
                  : undefined
            }
            request={() => ({
              address: mining,
              abi: miningAbi,
              functionName: 'claimReward',
              value: config?.handleGas ?? 0n,
            })}
          />
        }
      >
        <dl className="app-stats">
          <Stat label={t`Mined, claimable`} value={`${showAmount(user?.balance)} NEX`} testId="mining-balance" />
          <Stat label={t`NEX staked`} value={showAmount(user?.amount)} testId="mining-staked" />
          <Stat label={t`Own force`} value={showAmount(user?.force)} testId="force-own" />
          <Stat label={t`Direct force`} value={showAmount(user?.forceDirect)} />
          <Stat label={t`Indirect force`} value={showAmount(user?.forceIndirect)} />
          <Stat label={t`Invite force`} value={showAmount(user?.forceInvite)} />
          <Stat label={t`Mined in total`} value={`${showAmount(user?.rewardTotal)} NEX`} testId="mining-mined" />
          <Stat label={t`Claimed in total`} value={`${showAmount(claimed)} NEX`} testId="mining-claimed" />
          <Stat label={t`Emission left`} value={showAmount(info?.[2])} />
        </dl>
        <p className="app-muted">
          {waitClaim > 0
            ? t`Next claim at ${showTime(nextClaim)}.`
            : t`Claims are possible once every ${duration(config?.addTime, units)}; a claim keeps ${percent(config?.feeRate)} for the emission.`}
        </p>
      </Card>

      <Card title={t`My stakes`} data-testid="mining-stakes">
        {listVariables ? (
          <PagedList
            testId="mining-stake-list"
            query={RECORD_PAGE}
            variables={listVariables}
            select={(answer: RecordPageData) => answer.orders}
            row={(node: RecordNode) => (
              <StakeRow key={node.index} mining={mining} index={BigInt(node.index)} onRelease={release} />
            )}
          />
        ) : (
          <RecordList loading={false} error={false} count={0} testId="mining-stake-list">
            {null}
          </RecordList>
        )}
      </Card>
    </>
  )
}

/** One stake of the account: its live record read from Mining (the list's pages come from the index). */
function StakeRow({
  mining,
  index,
  onRelease,
}: {
  mining: Address
  index: bigint
  onRelease(index: bigint, endTime: bigint): void
}) {
  const { t } = useLingui()
  const now = useChainNow()
  const stake = ok(
    useNamedChainReads(
      useMemo(
        () => ({ stake: { address: mining, abi: miningAbi, functionName: 'stakes', args: [index] } }) as const,
        [mining, index],
      ),
    )?.stake,
  )
  const state = stake ? miningStakeState(stake.status, stake.endTime, now) : undefined
  return (
    <RecordItem
      testId={`mining-stake-${index.toString()}`}
      title={t`Stake #${index.toString()} · ${showCount(stake?.lockDays)} days`}
      badges={<StateBadge state={state} />}
      figures={[
        [t`Amount`, `${showAmount(stake?.amount)} NEX`],
        [t`Returned at release`, `${showAmount(stake?.actual)} NEX`],
        [t`Force`, showAmount(stake?.force)],
        [
          t`Force to referrers`,
          showAmount(stake ? stake.forceDirect + stake.forceIndirect + stake.forceInvite : undefined),
        ],
        [t`Started`, showTime(stake?.startTime)],
        [t`Unlocks`, showTime(stake?.endTime)],
      ]}
      actions={
        stake &&
        state !== 'completed' && (
          <Button
            size="sm"
            variant={state === 'unlocked' ? 'primary' : 'secondary'}
            data-testid="mining-release"
            onClick={() => onRelease(stake.index, stake.endTime)}
          >
            {t`Release`}
          </Button>
        )
      }
    />
  )
}

/** `/miningTeam`: the force the account gets from its team and the direct and indirect invitees that mine. */
export function MiningTeamPage() {
  const contracts = useMining()
  return (
    <PageFrame>
      {contracts ? <Team mining={contracts.mining} /> : <NotDeployed testId="mining-unavailable" />}
    </PageFrame>
  )
}

function Team({ mining }: { mining: Address }) {
  const { t } = useLingui()
  const { account, who } = useReader()
  const { multi } = useMiningConfig(mining)
  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          user: { address: mining, abi: miningAbi, functionName: 'users', args: [who] },
          invites: { address: mining, abi: miningAbi, functionName: 'getInvitesInfo', args: [who, 0n, PAGE_SIZE] },
          indirects: { address: mining, abi: miningAbi, functionName: 'getIndirectsInfo', args: [who, 0n, PAGE_SIZE] },
        }) as const,
      [mining, who],
    ),
  )
  const user = account ? ok(data?.user) : undefined
  const invites = account ? ok(data?.invites) : undefined
  const indirects = account ? ok(data?.indirects) : undefined
  return (
    <>
      <Card title={t`Force from my team`} data-testid="mining-team">
        <dl className="app-stats">
          <Stat label={t`Direct force`} value={showAmount(user?.forceDirect)} testId="force-direct" />
          <Stat label={t`Indirect force`} value={showAmount(user?.forceIndirect)} />
          <Stat label={t`Invite force`} value={showAmount(user?.forceInvite)} />
          <Stat label={t`Direct invitees mining`} value={showCount(invites?.[1])} />
          <Stat label={t`Indirect invitees mining`} value={showCount(indirects?.[1])} />
        </dl>
        <p className="app-muted">
          {t`Referrers get ${percent(multi?.inviteRates[0])}, ${percent(multi?.inviteRates[1])} and ${percent(multi?.inviteRates[2])} of a stake's force (three generations) while it is locked.`}
        </p>
      </Card>
      <InviteList
        title={t`Direct invitees`}
        testId="mining-invites"
        loading={account !== undefined && data === undefined}
        error={data?.invites?.status === 'failure'}
        invites={invites?.[0] ?? []}
      />
      <InviteList
        title={t`Indirect invitees`}
        testId="mining-indirects"
        loading={account !== undefined && data === undefined}
        error={data?.indirects?.status === 'failure'}
        invites={indirects?.[0] ?? []}
      />
    </>
  )
}
