// The production deployment path on a local chain standing in for BSC testnet (an in-process chain with chain id
// 97): a PancakeSwap V2 stand-in and a USDT are deployed first, by another account, at addresses unrelated to the
// deployer's, and passed in as parameters the way PancakeSwap and USDT exist on BSC. Then scripts/deploy/system.ts
// deploys with ignition/parameters/97.json (its operator decisions filled in): no stand-in is deployed, every
// contract counts one-day days, and one of every user action works against that deployment. The deployments file
// it writes (libs/abi/deployments/<chainId>.json, here into a temporary folder) is checked contract by contract.
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { network } from 'hardhat'
import { getAddress, type Address } from 'viem'
import { bscTestnet } from 'viem/chains'
import { parameterFile, parseDeploymentSettings } from '../config/deployment.ts'
import LocalStandInsModule from '../ignition/modules/LocalStandIns.ts'
import { deploySystem, DeployRefusedError, writeDeploymentsFile } from '../scripts/deploy/system.ts'

const day = 86_400n
const ether = 10n ** 18n

describe('production deployment on a stand-in for BSC testnet (chain 97)', async () => {
  const connection = await network.create({ override: { chainId: 97 } })
  const { viem, networkHelpers, ignition } = connection
  const publicClient = await viem.getPublicClient()
  const [deployer, admin, user, referrer, , , , , , standInDeployer] = await viem.getWalletClients()

  // what exists on BSC: the DEX, USDT and a WBNB/USDT pool, deployed by someone else
  const standIns = await ignition.deploy(LocalStandInsModule, {
    displayUi: false,
    defaultSender: standInDeployer.account.address,
    parameters: { LocalStandIns: { owner: standInDeployer.account.address } },
  })
  const external = {
    router: getAddress(standIns.router.address),
    factory: getAddress(standIns.factory.address),
    wbnb: getAddress(standIns.wbnb.address),
    usdt: getAddress(standIns.usdt.address),
  }
  const usdtOwner = await viem.getContractAt('LocalUSDT', external.usdt)
  for (const wallet of [deployer, user, referrer]) {
    await usdtOwner.write.mint([wallet.account.address, 1_000_000n * ether], { account: standInDeployer.account })
  }

  const now = (await publicClient.getBlock()).timestamp
  const start = now + 3_600n
  const committed = JSON.parse(readFileSync(parameterFile(97), 'utf8')).$global as Record<string, unknown>
  const settings = parseDeploymentSettings(97, {
    ...committed,
    ...external,
    admin: admin.account.address,
    guardian: user.account.address,
    openTime: String(start),
    roundStart: String(start),
    claimStart: String(start + day),
  })
  const blockBefore = await publicClient.getBlockNumber()
  // with a journal, as scripts/deploy.ts deploys (modules shared by several deploy calls, e.g. TeamLib, deploy once)
  const deploymentId = `test-production-${process.pid}`
  const journal = join(import.meta.dirname, '..', 'ignition', 'deployments', deploymentId)
  after(() => rmSync(journal, { recursive: true, force: true }))
  const deployed = await deploySystem(connection, settings, { deploymentId })
  const dir = mkdtempSync(join(tmpdir(), 'nexus-deployments-'))
  const file = writeDeploymentsFile(dir, 97, deployed.contracts)
  const written = JSON.parse(readFileSync(file, 'utf8')) as {
    chainId: number
    contracts: Record<string, { address: Address; blockNumber: number; transactionHash?: string }>
  }
  const c = written.contracts
  const addr = (name: string) => {
    const found = c[name]?.address
    assert.ok(found, `${name} is not in the deployments file`)
    return found
  }

  it('deploys none of the stand-ins and writes the given DEX and USDT into the deployments file', async () => {
    assert.equal(written.chainId, 97)
    for (const [name, address] of [
      ['Router', external.router],
      ['Factory', external.factory],
      ['WBNB', external.wbnb],
      ['USDT', external.usdt],
    ] as const) {
      assert.equal(c[name]?.address, address, name)
      assert.equal(c[name]?.blockNumber, 0, `${name} was not created by this deployment`)
    }
    assert.equal(c.Multicall3?.address, getAddress(bscTestnet.contracts.multicall3.address))
    // every contract created during the deployment is one of ours, listed with its block and transaction
    const ours = new Set(Object.values(c).map((x) => x.address))
    const latest = await publicClient.getBlockNumber()
    let created = 0
    let duplicates = 0
    for (let n = blockBefore + 1n; n <= latest; n++) {
      for (const tx of (await publicClient.getBlock({ blockNumber: n, includeTransactions: true })).transactions) {
        if (tx.to !== null) continue
        const receipt = await publicClient.getTransactionReceipt({ hash: tx.hash })
        assert.ok(receipt.contractAddress)
        const address = getAddress(receipt.contractAddress)
        if (!ours.has(address)) {
          // a library deployed again by another module that links it (TeamLib: ContractsII and ContractsIII) is the
          // same code as a listed one; anything else is a contract the deployments file does not know
          // (a library's runtime code begins with PUSH20 <its own address>, its call guard: compare without it)
          const code = withoutSelf(await publicClient.getCode({ address }), address)
          const listedCodes = await Promise.all(
            [...ours].map(async (a) => withoutSelf(await publicClient.getCode({ address: a }), a)),
          )
          assert.ok(code && listedCodes.includes(code), `unlisted ${address}`)
          duplicates++
        }
        created++
      }
    }
    // Multicall3: BSC testnet's own, with the block it was created in there (no transaction of ours)
    const listed = Object.entries(c).filter(([, x]) => x.transactionHash)
    assert.equal(
      created - duplicates,
      listed.length - 1,
      'Pair is created by the Token constructor, not by its own transaction',
    )
    for (const [name, x] of listed) {
      assert.notEqual(await publicClient.getCode({ address: x.address }), undefined, name)
      assert.ok(x.blockNumber > Number(blockBefore), name)
    }
  })

  it('gives every contract the production settings: one-day days, claims from claimStart, open at openTime', async () => {
    const log = await viem.getContractAt('Log', addr('Log'))
    assert.equal(await log.read.dayTimes(), day)
    const ido = await viem.getContractAt('Ido', addr('Ido'))
    const idoConfig = await ido.read.getSettings()
    assert.equal(idoConfig.dayTimes, day)
    assert.equal(idoConfig.claimStart, start + day)
    assert.equal((await ido.read.idos([0n])).startTime, start)
    const token = await viem.getContractAt('Token', addr('Token'))
    assert.equal((await token.read.getConfig()).openTime, start)
    for (const name of ['Burn', 'Stake', 'Mining', 'Fomo', 'SuperFomo', 'Double'] as const) {
      const contract = await viem.getContractAt(name === 'SuperFomo' ? 'Fomo' : name, addr(name))
      assert.equal(((await contract.read.getConfig()) as { dayTimes: bigint }).dayTimes, day, name)
    }
    // the guardian parameter is every upgradeable contract's guardian
    assert.equal(await ido.read.guardian(), getAddress(user.account.address))
    assert.equal(await log.read.guardian(), getAddress(user.account.address))
  })

  it('runs one of every user action against that deployment', async () => {
    const main = await viem.getContractAt('Main', addr('Main'))
    const token = await viem.getContractAt('Token', addr('Token'))
    const usdt = await viem.getContractAt('LocalUSDT', addr('USDT'))
    const router = await viem.getContractAt('IUniswapV2Router02', addr('Router'))
    const ido = await viem.getContractAt('Ido', addr('Ido'))
    const burn = await viem.getContractAt('Burn', addr('Burn'))
    const stake = await viem.getContractAt('Stake', addr('Stake'))
    const mining = await viem.getContractAt('Mining', addr('Mining'))
    const fomo = await viem.getContractAt('Fomo', addr('Fomo'))
    const double = await viem.getContractAt('Double', addr('Double'))
    const oracles = [
      await viem.getContractAt('PriceOracle', addr('NexOracle')),
      await viem.getContractAt('PriceOracle', addr('BnbOracle')),
    ]
    const as = { account: user.account }
    const u = user.account.address

    await main.write.register([deployer.account.address], { account: referrer.account })
    await main.write.register([referrer.account.address], as)
    for (const spender of [router, ido, burn, stake, fomo, double]) {
      await usdt.write.approve([spender.address, 2n ** 255n], as)
    }
    for (const spender of [router, ido, mining, fomo]) await token.write.approve([spender.address, 2n ** 255n], as)

    // trading opens at openTime: buy and sell NEX through PancakeSwap
    await networkHelpers.time.increaseTo(start + 1_800n)
    for (const oracle of oracles) await oracle.write.update()
    await token.write.updatePrice()
    const deadline = start + 30n * day
    await router.write.swapExactTokensForTokensSupportingFeeOnTransferTokens(
      [1_000n * ether, 1n, [usdt.address, token.address], u, deadline],
      as,
    )
    const nex = await token.read.balanceOf([u])
    assert.ok(nex > 0n, 'bought NEX')
    await router.write.swapExactTokensForTokensSupportingFeeOnTransferTokens(
      [nex / 10n, 1n, [token.address, usdt.address], u, deadline],
      as,
    )

    // IDO round 0 (opened at roundStart): mint in USDT, claim once vesting has started
    await ido.write.mint([2n, true], as)
    assert.ok((await ido.read.users([u])).counts > 0n)
    // Burn for dividends: register and order in USDT
    await burn.write.register([deployer.account.address], { account: referrer.account })
    await burn.write.register([referrer.account.address], as)
    const burnEvery = (await burn.read.getConfig()).burnEvery
    await burn.write.burn([u, 1n, burnEvery, false], as)
    // Stake, Mining, FOM pool, Double
    await stake.write.deposit([100n * ether, 0n], as)
    await mining.write.deposit([0n, 100n * ether], as)
    await fomo.write.burn([0n, 1n, 100n * ether, true], as)
    await double.write.deposit([u, 100n * ether, 0n], as)

    // days pass (one-day days): claims of everything owed
    await networkHelpers.time.increaseTo(start + 8n * day)
    for (const oracle of oracles) await oracle.write.update()
    await ido.write.claim(as)
    await burn.write.claimReward(as)
    await mining.write.claimReward(as)
    await mining.write.claimRelease([(await mining.read.getTotals()).totalStakes], as)
    await double.write.claim(as)
    await fomo.write.updateUser([u])
    assert.ok((await token.read.balanceOf([u])) > 0n)
  })

  it('refuses settings of another chain', async () => {
    await assert.rejects(
      deploySystem(connection, { ...settings, chainId: 56 }),
      (e: Error) => e instanceof DeployRefusedError && /settings are for chain 56, the chain is 97/.test(e.message),
    )
  })
})

describe("scripts/deploy.ts refuses a chain that is not the network's, before any transaction", () => {
  /** Runs the deploy command line against a JSON-RPC server of an in-process chain with `chainId`. */
  async function deployAgainst(chainId: number, networkName: string, env: (url: string) => Record<string, string>) {
    const server = await network.createServer({ override: { chainId } }, '127.0.0.1', 0)
    const { address, port } = await server.listen()
    const url = `http://${address}:${port}`
    try {
      // asynchronously: this process serves the chain the command talks to
      const result = await promisify(execFile)(
        process.execPath,
        [
          join(import.meta.dirname, '..', '..', 'node_modules', 'hardhat', 'dist', 'src', 'cli.js'),
          'run',
          'scripts/deploy.ts',
          '--network',
          networkName,
        ],
        {
          cwd: join(import.meta.dirname, '..'),
          encoding: 'utf8',
          env: { ...process.env, ...env(url), HARDHAT_DISABLE_TELEMETRY: 'true' },
        },
      ).then(
        (done) => ({ status: 0, stdout: done.stdout, stderr: done.stderr }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({
          status: error.code ?? 1,
          stdout: error.stdout ?? '',
          stderr: error.stderr ?? '',
        }),
      )
      const blocks = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      }).then((r) => r.json() as Promise<{ result: string }>)
      return { status: result.status, output: result.stdout + result.stderr, blockNumber: BigInt(blocks.result) }
    } finally {
      await server.close()
    }
  }
  // Hardhat's first development key: only ever used against the throwaway local chain of this test
  const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

  it('--network bscTestnet whose RPC URL serves another chain', async () => {
    const run = await deployAgainst(31337, 'bscTestnet', (url) => ({
      BSC_TESTNET_RPC_URL: url,
      DEPLOYER_PRIVATE_KEY: key,
    }))
    assert.notEqual(run.status, 0)
    assert.match(
      run.output,
      /deploy refused: network "bscTestnet" is chain 97, but its RPC endpoint serves chain 31337/,
    )
    assert.equal(run.blockNumber, 0n)
  })

  it('chain 97 reached through --network localhost', async () => {
    const run = await deployAgainst(97, 'localhost', (url) => ({ RPC_URL: url }))
    assert.notEqual(run.status, 0)
    assert.match(
      run.output,
      /deploy refused: chain 97 \(BNB Smart Chain testnet\) is deployed with --network bscTestnet/,
    )
    assert.equal(run.blockNumber, 0n)
  })
})

/** Runtime code with the contract's own address (a library's call guard) blanked, so two copies of one library compare equal. */
function withoutSelf(code: string | undefined, address: string) {
  return code?.toLowerCase().replaceAll(address.slice(2).toLowerCase(), '0'.repeat(40))
}
