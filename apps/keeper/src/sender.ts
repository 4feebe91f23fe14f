// The journaled sender: the keeper's one nonce manager. Every transaction is simulated, signed, and written to
// PostgreSQL (keeper_work + keeper_transaction, with its nonce and raw bytes) BEFORE it is broadcast; a restart
// (also after kill -9) finishes what the journal holds from the chain before anything new is sent. So a piece of
// work (a work key) is sent at most once: the only other transactions ever signed for it are gas bumps of the same
// nonce, and only one transaction of a nonce can be mined.
//
// Finality: a work is recorded done (or failed) only from a block `confirmations` deep (a final block); a
// transaction mined in a younger block leaves its work pending (`unconfirmed`), and a reorganisation that drops it
// is met by broadcasting the journaled bytes again. A work fails only when its nonce is used at a final block and
// none of its transactions is in the chain (read again after the nonce, so a transaction mined between the two
// reads is found). When the node says a nonce is too high (a lower nonce of this key was dropped), the journal's
// transaction of the missing nonce is broadcast again (a self-transfer fills a nonce the journal does not hold);
// when it says too low, the next nonce is read from the chain again.
import type { Prisma, PrismaClient } from '@nexus/db'
import {
  type Address,
  BaseError,
  HttpRequestError,
  type Hex,
  keccak256,
  type LocalAccount,
  parseTransaction,
  type PublicClient,
  ResourceUnavailableRpcError,
  LimitExceededRpcError,
  SocketClosedError,
  TimeoutError,
  type TransactionReceipt,
} from 'viem'
import type { Logger } from './log.ts'
import type { KeeperMetrics } from './metrics.ts'

export type Call = { to: Address; data: Hex; value?: bigint }

export type SendResult =
  | { status: 'done'; txHash: Hex; gasUsed: bigint; gasCost: bigint; resumed: boolean }
  | { status: 'failed'; txHash?: Hex; error: string }
  /** Not sent: the simulation reverted (e.g. "not due"), or the fee is above the cap. (An endpoint error throws.) */
  | { status: 'skipped'; reason: string }
  /**
   * Journaled and sent, not final yet: mined in a block younger than `confirmations` (txHash), or its nonce used at a
   * block that is not final. The work stays pending; {@link JournaledSender.finishPending} finishes it later.
   */
  | { status: 'unconfirmed'; txHash?: Hex }

export type SenderOptions = {
  prisma: PrismaClient
  client: PublicClient
  account: LocalAccount
  chainId: number
  gasPriceCap: bigint
  txTimeoutMs: number
  gasBumpPercent: number
  log: Logger
  metrics: KeeperMetrics
  /** How often a pending transaction's receipt is polled. @default 500 */
  pollMs?: number
  /** Blocks on top of a block before it is final (see the file's comment). @default 0 */
  confirmations?: number
}

/** A check run in the database transaction that journals a work, before it is written: false sends nothing. */
export type JournalGuard = (tx: Prisma.TransactionClient) => Promise<boolean>

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The revert reason or error message, short enough for a log line and a database column. */
export function errorText(error: unknown): string {
  // viem's short message of an RPC error is its class's ("Missing or invalid parameters." for the -32000 that geth and
  // EDR answer a used nonce with): the node's own words are in `details`, which the checks below read
  if (error instanceof BaseError) {
    const short = error.shortMessage || error.message
    return (error.details && !short.includes(error.details) ? `${short} ${error.details}` : short).slice(0, 500)
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 500)
}

/**
 * Whether an error is the endpoint's, not the call's: no answer, an HTTP error (429, 5xx, a reset connection), a
 * timeout, a rate limit. Such a simulation says nothing about the call, so the job fails (and backs off) instead of
 * counting the work as not due.
 */
export function isEndpointError(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false
  return Boolean(
    error.walk(
      (e) =>
        e instanceof HttpRequestError ||
        e instanceof TimeoutError ||
        e instanceof SocketClosedError ||
        e instanceof LimitExceededRpcError ||
        e instanceof ResourceUnavailableRpcError,
    ),
  )
}

/** Errors of a broadcast that mean the node already has this transaction (or its nonce is used). */
const alreadyKnown =
  /already known|known transaction|nonce too low|nonce has already been used|replacement transaction underpriced/i
/** The node's answer to a nonce above the account's next one: a lower nonce is missing (e.g. dropped by a reorg). */
const nonceTooHigh = /nonce too high|nonce gap|future transaction/i
/** The node's answer to a used nonce. */
const nonceTooLow = /nonce too low|nonce has already been used/i

export class JournaledSender {
  private readonly o: Required<SenderOptions>
  private nextNonce: number | undefined
  private lock: Promise<unknown> = Promise.resolve()

  constructor(options: SenderOptions) {
    this.o = { pollMs: 500, confirmations: 0, ...options }
  }

  get address(): Address {
    return this.o.account.address
  }

  /** Runs `task` after every earlier one: one transaction at a time, so nonces are handed out in order. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.lock.then(task, task)
    this.lock = run.catch(() => undefined)
    return run
  }

  /**
   * Finishes every pending work of the journal from the chain: a mined transaction marks it done (or failed if it
   * reverted); a signed one whose nonce is still free is broadcast again (the same bytes: the same transaction);
   * one whose nonce was taken by nothing of ours fails. Call once at start, before any {@link send}.
   */
  reconcile(): Promise<number> {
    return this.exclusive(async () => {
      const resumed = await this.finishPendingLocked()
      this.nextNonce = await this.freshNonce()
      return resumed
    })
  }

  /**
   * Finishes the journal's pending work from the chain, as {@link reconcile} does at start: a work stays pending
   * when an RPC failure interrupted it (its broadcast or its receipt unanswered, maybe after the node took it). It
   * holds a nonce, so it is finished before any new work is sent ({@link send} does it), and the keeper calls this
   * before each job's run, so it ends even when nothing new is sent. Throws what the chain's endpoint throws.
   */
  finishPending(): Promise<number> {
    return this.exclusive(() => this.finishPendingLocked())
  }

  private async finishPendingLocked(): Promise<number> {
    const pending = await this.o.prisma.keeperWork.findMany({ where: { status: 'pending' }, orderBy: { id: 'asc' } })
    for (const work of pending) {
      this.o.log.info({ job: work.job, workKey: work.workKey }, 'resuming work found pending in the journal')
      await this.finish(work.id, work.job)
    }
    return pending.length
  }

  /** The work's state in the journal, if it was ever started. */
  async workStatus(workKey: string) {
    return await this.o.prisma.keeperWork.findUnique({ where: { workKey } })
  }

  /** Finishes a journaled work (see {@link reconcile}); undefined if it was never started. */
  resume(workKey: string): Promise<SendResult | undefined> {
    return this.exclusive(async () => {
      const existing = await this.o.prisma.keeperWork.findUnique({ where: { workKey } })
      return existing ? await this.resumeLocked(existing) : undefined
    })
  }

  private async resumeLocked(work: { id: number; job: string; status: string; error: string | null }) {
    if (work.status === 'pending') return await this.finish(work.id, work.job)
    return work.status === 'done'
      ? await this.doneResult(work.id, true)
      : { status: 'failed' as const, error: work.error ?? 'failed before' }
  }

  /**
   * Sends `call` for `workKey` once: simulates it, signs it, journals it, broadcasts it and waits for it (bumping
   * the fee if it stays unmined). A work key already done or failed is not sent again.
   */
  send(job: string, workKey: string, call: Call, guard?: JournalGuard): Promise<SendResult> {
    return this.exclusive(async () => {
      const existing = await this.o.prisma.keeperWork.findUnique({ where: { workKey } })
      if (existing) return await this.resumeLocked(existing)
      // an interrupted work first: a new transaction behind its nonce would never be mined
      await this.finishPendingLocked()
      const { client, account } = this.o
      let gas: bigint
      try {
        await client.call({ account: account.address, ...call })
        gas = await client.estimateGas({ account: account.address, ...call })
      } catch (error) {
        // an endpoint that did not answer is not a revert: the caller's job fails and backs off
        if (isEndpointError(error)) throw error
        return { status: 'skipped', reason: errorText(error) }
      }
      const fees = await client.estimateFeesPerGas()
      const block = await client.getBlock()
      const baseFee = block.baseFeePerGas ?? 0n
      if (baseFee > this.o.gasPriceCap) {
        return { status: 'skipped', reason: `base fee ${baseFee} wei is above GAS_PRICE_CAP ${this.o.gasPriceCap}` }
      }
      const maxFeePerGas = fees.maxFeePerGas > this.o.gasPriceCap ? this.o.gasPriceCap : fees.maxFeePerGas
      const maxPriorityFeePerGas = fees.maxPriorityFeePerGas > maxFeePerGas ? maxFeePerGas : fees.maxPriorityFeePerGas
      this.nextNonce ??= await this.freshNonce()
      const nonce = this.nextNonce
      const raw = await account.signTransaction({
        chainId: this.o.chainId,
        type: 'eip1559',
        to: call.to,
        data: call.data,
        value: call.value ?? 0n,
        nonce,
        gas: (gas * 12n) / 10n,
        maxFeePerGas,
        maxPriorityFeePerGas,
      })
      const txHash = keccak256(raw)
      const work = await this.o.prisma.$transaction(async (tx) => {
        if (guard && !(await guard(tx))) return undefined
        return await tx.keeperWork.create({
          data: {
            job,
            workKey,
            transactions: {
              create: {
                chainId: this.o.chainId,
                sender: account.address.toLowerCase(),
                nonce: BigInt(nonce),
                txHash,
                rawTx: raw,
                maxFeePerGas: maxFeePerGas.toString(),
              },
            },
          },
        })
      })
      if (!work) return { status: 'skipped', reason: 'refused by the guard: not journaled, not sent' }
      this.nextNonce = nonce + 1
      this.o.log.info({ job, workKey, txHash, nonce }, 'journaled, sending')
      return await this.finish(work.id, job)
    })
  }

  /** The newest block and the newest final one (`confirmations` below it). */
  async finality(): Promise<{ latest: bigint; final: bigint }> {
    const latest = await this.o.client.getBlockNumber({ cacheTime: 0 })
    const depth = BigInt(this.o.confirmations)
    return { latest, final: latest > depth ? latest - depth : 0n }
  }

  /** The first receipt of `txs` in the chain, if any. */
  private async anyReceipt(txs: readonly { txHash: string }[]) {
    for (const tx of txs) {
      const receipt = await this.receipt(tx.txHash as Hex)
      if (receipt) return { txHash: tx.txHash as Hex, receipt }
    }
    return undefined
  }

  /** A mined transaction of the work: recorded once its block is final, else the work stays pending. */
  private async minedResult(
    workId: number,
    job: string,
    found: { txHash: Hex; receipt: TransactionReceipt },
  ): Promise<SendResult> {
    const { final } = await this.finality()
    if (found.receipt.blockNumber > final) return { status: 'unconfirmed', txHash: found.txHash }
    return await this.record(workId, job, found.txHash, found.receipt)
  }

  /** Drives a pending work to done/failed, or leaves it pending while its block is not final (see the top). */
  private async finish(workId: number, job: string): Promise<SendResult> {
    const { prisma, client } = this.o
    const address = this.o.account.address
    for (;;) {
      const txs = await prisma.keeperTransaction.findMany({ where: { workId }, orderBy: { id: 'asc' } })
      const latest = txs.at(-1)
      if (!latest) {
        await prisma.keeperWork.update({ where: { id: workId }, data: { status: 'failed', error: 'no transaction' } })
        return { status: 'failed', error: 'no transaction' }
      }
      let found = await this.anyReceipt(txs)
      if (found) return await this.minedResult(workId, job, found)
      const { final } = await this.finality()
      const usedFinal = await client.getTransactionCount({ address, blockNumber: final })
      const usedLatest = await client.getTransactionCount({ address, blockTag: 'latest' })
      if (BigInt(usedLatest) > latest.nonce) {
        // the nonce is used: maybe by this work's transaction, mined after the receipts were read; read them again
        found = await this.anyReceipt(txs)
        if (found) return await this.minedResult(workId, job, found)
        // used by no transaction of this work; unless that is so at a final block, a reorganisation may undo it
        if (BigInt(usedFinal) <= latest.nonce) return { status: 'unconfirmed' }
        const error = `nonce ${latest.nonce} was used by another transaction`
        await prisma.$transaction([
          prisma.keeperTransaction.updateMany({ where: { workId }, data: { status: 'dropped' } }),
          prisma.keeperWork.update({ where: { id: workId }, data: { status: 'failed', error } }),
        ])
        // something else sent from this key: count from the chain again, or every later work would fail the same way
        this.nextNonce = await this.freshNonce()
        this.o.log.error({ job, workId }, error)
        return { status: 'failed', error }
      }
      const broadcast = await this.broadcast(latest.rawTx as Hex, latest.nonce)
      if (broadcast !== true) {
        // the node refuses it for good (e.g. no funds for the gas): nothing was sent, free the nonce again
        await prisma.$transaction([
          prisma.keeperTransaction.updateMany({ where: { workId }, data: { status: 'dropped' } }),
          prisma.keeperWork.update({ where: { id: workId }, data: { status: 'failed', error: broadcast } }),
        ])
        this.nextNonce = await this.freshNonce()
        this.o.log.error({ job, workId, error: broadcast }, 'the node refused the transaction')
        return { status: 'failed', error: broadcast }
      }
      const deadline = Date.now() + this.o.txTimeoutMs
      while (Date.now() < deadline) {
        found = await this.anyReceipt(txs)
        if (found) return await this.minedResult(workId, job, found)
        await sleep(this.o.pollMs)
      }
      await this.bump(workId, job, latest)
    }
  }

  /** Signs the same transaction (same nonce) with a higher fee, journals it, and lets {@link finish} send it. */
  private async bump(
    workId: number,
    job: string,
    latest: { nonce: bigint; rawTx: string; maxFeePerGas: { toString(): string } },
  ) {
    const previous = parseTransaction(latest.rawTx as Hex)
    const oldFee = BigInt(latest.maxFeePerGas.toString())
    let fee = (oldFee * BigInt(100 + this.o.gasBumpPercent)) / 100n
    if (fee > this.o.gasPriceCap) fee = this.o.gasPriceCap
    if (fee <= oldFee) {
      this.o.log.warn({ job, workId, fee: oldFee.toString() }, 'transaction still unmined; at GAS_PRICE_CAP, waiting')
      return
    }
    const priority = ((previous.maxPriorityFeePerGas ?? 0n) * BigInt(100 + this.o.gasBumpPercent)) / 100n
    const raw = await this.o.account.signTransaction({
      chainId: this.o.chainId,
      type: 'eip1559',
      to: previous.to ?? null,
      data: previous.data,
      value: previous.value ?? 0n,
      nonce: Number(latest.nonce),
      gas: previous.gas,
      maxFeePerGas: fee,
      maxPriorityFeePerGas: priority > fee ? fee : priority,
    })
    const txHash = keccak256(raw)
    await this.o.prisma.keeperTransaction.create({
      data: {
        workId,
        chainId: this.o.chainId,
        sender: this.o.account.address.toLowerCase(),
        nonce: latest.nonce,
        txHash,
        rawTx: raw,
        maxFeePerGas: fee.toString(),
      },
    })
    this.o.metrics.bumps.inc({ job })
    this.o.log.warn(
      { job, workId, txHash, fee: fee.toString() },
      'transaction unmined in time: re-sent with a higher fee',
    )
  }

  /**
   * true once the node has it; otherwise the error text of a refusal that retrying will not fix. A nonce the node
   * calls too high (a lower one of this key is missing: a reorganisation dropped it) is filled first (see
   * {@link fillNonces}); one it calls too low makes the next new work read its nonce from the chain again.
   */
  private async broadcast(raw: Hex, nonce: bigint): Promise<true | string> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.o.client.sendRawTransaction({ serializedTransaction: raw })
        return true
      } catch (error) {
        const text = errorText(error)
        if (nonceTooLow.test(text)) this.nextNonce = undefined
        if (alreadyKnown.test(text)) return true
        const permanent = /insufficient funds|intrinsic gas|exceeds block gas limit|invalid sender|chain id/i.test(text)
        if (permanent) return text
        if (nonceTooHigh.test(text)) {
          this.nextNonce = undefined
          this.o.log.warn({ nonce: Number(nonce), error: text }, 'the node misses a lower nonce: filling it')
          await this.fillNonces(nonce)
          if (attempt < 5) continue
        }
        if (attempt >= 5) throw error
        this.o.log.warn({ attempt, error: text }, 'broadcast failed, retrying')
        await sleep(Math.min(200 * 2 ** attempt, 5_000))
      }
    }
  }

  /**
   * Makes every nonce of this key below `nonce` used again after a reorganisation dropped some: the journal's
   * transaction of each missing nonce (the one mined before, else the newest bump) is broadcast again, the same
   * bytes, so a work recorded from it stays true; a nonce the journal never signed gets a 0-value self-transfer.
   */
  private async fillNonces(nonce: bigint) {
    const { client, prisma, account } = this.o
    for (let guard = 0; guard < 1_000; guard++) {
      const next = BigInt(await client.getTransactionCount({ address: account.address, blockTag: 'pending' }))
      if (next >= nonce) return
      const journaled = await prisma.keeperTransaction.findMany({
        where: { chainId: this.o.chainId, sender: account.address.toLowerCase(), nonce: next },
        orderBy: { id: 'desc' },
      })
      // a transaction the node refused for good (dropped) is never sent again: a self-transfer fills its nonce
      const sendable = journaled.filter((t) => t.status !== 'dropped')
      const pick = sendable.find((t) => t.status === 'mined' || t.status === 'reverted') ?? sendable[0]
      let raw = pick?.rawTx as Hex | undefined
      if (!raw) {
        const fees = await client.estimateFeesPerGas()
        raw = await account.signTransaction({
          chainId: this.o.chainId,
          type: 'eip1559',
          to: account.address,
          value: 0n,
          nonce: Number(next),
          gas: 21_000n,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        })
      }
      this.o.log.warn({ nonce: Number(next), txHash: keccak256(raw), journaled: Boolean(pick) }, 'filling a nonce')
      try {
        await client.sendRawTransaction({ serializedTransaction: raw })
      } catch (error) {
        const text = errorText(error)
        if (!alreadyKnown.test(text)) throw error
      }
      // the node may take a moment to count it (or mine it)
      for (let wait = 0; wait < 50; wait++) {
        if (BigInt(await client.getTransactionCount({ address: account.address, blockTag: 'pending' })) > next) break
        await sleep(Math.min(this.o.pollMs, 100))
      }
    }
  }

  private async receipt(hash: Hex): Promise<TransactionReceipt | undefined> {
    try {
      return await this.o.client.getTransactionReceipt({ hash })
    } catch (error) {
      if (error instanceof BaseError && error.name === 'TransactionReceiptNotFoundError') return undefined
      throw error
    }
  }

  private async record(workId: number, job: string, txHash: Hex, receipt: TransactionReceipt): Promise<SendResult> {
    const { prisma } = this.o
    const ok = receipt.status === 'success'
    const gasCost = receipt.gasUsed * receipt.effectiveGasPrice
    const error = ok ? null : 'reverted on chain'
    await prisma.$transaction([
      prisma.keeperTransaction.updateMany({ where: { workId, txHash: { not: txHash } }, data: { status: 'replaced' } }),
      prisma.keeperTransaction.update({
        where: { txHash },
        data: {
          status: ok ? 'mined' : 'reverted',
          gasUsed: receipt.gasUsed.toString(),
          gasCost: gasCost.toString(),
          blockNumber: receipt.blockNumber,
        },
      }),
      prisma.keeperWork.update({ where: { id: workId }, data: { status: ok ? 'done' : 'failed', txHash, error } }),
    ])
    this.o.metrics.gasUsed.inc({ job }, Number(receipt.gasUsed))
    this.o.metrics.gasSpent.inc({ job }, Number(gasCost))
    this.o.log.info(
      { job, txHash, block: Number(receipt.blockNumber), gasUsed: Number(receipt.gasUsed), ok },
      ok ? 'mined' : 'mined but reverted',
    )
    if (!ok) return { status: 'failed', txHash, error: 'reverted on chain' }
    return { status: 'done', txHash, gasUsed: receipt.gasUsed, gasCost, resumed: false }
  }

  private async doneResult(workId: number, resumed: boolean): Promise<SendResult> {
    const tx = await this.o.prisma.keeperTransaction.findFirst({ where: { workId, status: 'mined' } })
    if (!tx) return { status: 'failed', error: 'done without a mined transaction' }
    return {
      status: 'done',
      txHash: tx.txHash as Hex,
      gasUsed: BigInt(tx.gasUsed?.toString() ?? '0'),
      gasCost: BigInt(tx.gasCost?.toString() ?? '0'),
      resumed,
    }
  }

  /** The next nonce: past every nonce the chain has seen (pending too) and every one this journal handed out. */
  private async freshNonce(): Promise<number> {
    const chain = await this.o.client.getTransactionCount({ address: this.o.account.address, blockTag: 'pending' })
    const last = await this.o.prisma.keeperTransaction.findFirst({
      where: {
        chainId: this.o.chainId,
        sender: this.o.account.address.toLowerCase(),
        status: { in: ['signed', 'mined', 'reverted', 'replaced'] },
      },
      orderBy: { nonce: 'desc' },
      select: { nonce: true },
    })
    const journal = last ? Number(last.nonce) + 1 : 0
    return Math.max(chain, journal)
  }
}
