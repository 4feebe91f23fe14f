import type { Address } from 'viem'
import { contractsOf } from '../../lib/contracts.ts'
import { env } from '../../lib/env.ts'
import { NotDeployed, PageFrame } from '../../components/pages/PageFrame.tsx'
import { MyStakesCard, PeriodsCard, StakeRoundCard, StakeTotalsCard } from './StakeCards.tsx'
import { useStakeModel } from './useStakeModel.ts'

/**
 * `/stake`: USDT staked in the stake contract's IDO rounds (the lock periods): each round's reward cap, first
 * release and price floor; the allowed range shown and enforced; the account's stakes (locked, releasing after
 * the lock, completed) and the claim of the released NEX.
 */
export function StakePage() {
  const contracts = contractsOf(env.chainId)
  return (
    <PageFrame>
      {contracts.Stake && contracts.USDT ? (
        <Staking stake={contracts.Stake} usdt={contracts.USDT} />
      ) : (
        <NotDeployed testId="stake-unavailable" />
      )}
    </PageFrame>
  )
}

function Staking(contracts: { stake: Address; usdt: Address }) {
  const { model, now, input, setInput } = useStakeModel(contracts)
  return (
    <>
      <StakeRoundCard model={model} now={now} input={input} setInput={setInput} />
      <PeriodsCard model={model} />
      <MyStakesCard model={model} />
      <StakeTotalsCard model={model} />
    </>
  )
}
