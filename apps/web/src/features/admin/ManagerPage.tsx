import { AdminPage, NotDeployed } from './AdminPage.tsx'
import { BurnForms } from './BurnForms.tsx'
import { NftForms } from './NftForms.tsx'
import { RoundStartForms } from './RoundStartForms.tsx'
import { SystemForms } from './SystemForms.tsx'
import { WithdrawalsCard } from './WithdrawalsCard.tsx'
import { deployed } from '../../lib/deployment.ts'

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
