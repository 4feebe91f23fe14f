// Fills the local chain with realistic data for every contract after scripts/deploy.ts, through the contracts' own
// functions called by 36 seeded users (fixed accounts of Hardhat's development mnemonic, HD indexes 10..45, the
// first ten selectable in the web development wallet; a referral tree 6 levels below genesis): trades, IDO rounds
// 0 and 1 (USDT, NEX, claims, syntheses), Burn orders (USDT, BNB, one forced out, team levels), NFT dividends,
// Stake rounds 0..2, Mining in the 6 tiers, both FOM pools (a settled round with winners and a live round), Double
// deposits and claims. See scripts/seed/run.ts.
//   npx hardhat run scripts/seed.ts --network localhost
// Idempotent: a second run finds its accounts registered, says so and changes nothing (a partly seeded chain is
// refused). The chain ends about 78 minutes ahead of the wall clock (IDO round 0, the FOM clocks and the shortest
// mining lock must run out once); the printed summary says how far. About 10 s on an idle machine, 725 transactions.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { network } from 'hardhat'
import type { Address } from 'viem'
import { formatSummary, seed } from './seed/run.ts'

const connection = await network.getOrCreate()
const chainId = await (await connection.viem.getPublicClient()).getChainId()
const file = join(import.meta.dirname, '..', '..', 'libs', 'abi', 'deployments', `${chainId}.json`)
const { contracts } = JSON.parse(readFileSync(file, 'utf8')) as { contracts: Record<string, { address: Address }> }
const addresses = Object.fromEntries(Object.entries(contracts).map(([name, c]) => [name, c.address]))
const started = Date.now()
const summary = await seed(connection, addresses, (line) => console.log(line))
for (const line of formatSummary(summary)) console.log(line)
if (!summary.alreadySeeded) console.log(`seed: took ${((Date.now() - started) / 1000).toFixed(1)} s`)
await connection.close()
