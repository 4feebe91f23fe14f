import { useMemo, useState } from 'react'
import { burnAbi, idoAbi, iUniswapV2Router02Abi, priceOracleAbi, tokenAbi } from '@nexus/abi'
import { erc20Abi, zeroAddress } from 'viem'
import type { Address } from 'viem'
import { ok, useChainNow, useNamedChainReads } from '../../data/ChainData.tsx'
import { useSession } from '../../data/session.tsx'
import { nativeBalanceRead } from '../../lib/nativeBalance.ts'
import { idoBurnModel, mintingModel } from './homeModel.ts'
import type { IdoBurnModel, MintingModel, PayWith } from './homeModel.ts'

const ONE = 10n ** 18n

/** A form's field and choice, for the view to bind. */
export type FormState<choice> = {
  times: string
  setTimes: (times: string) => void
  payWith: choice
  setPayWith: (payWith: choice) => void
}

/** Home's minting part: the reads of Ido, its oracles and the account's balances, and the model made of them. */
export function useHomeModel({ ido, usdt, nex }: { ido: Address; usdt: Address; nex: Address }): {
  minting: MintingModel
  form: FormState<PayWith>
  burnOrder: IdoBurnModel
  burnForm: FormState<'USDT' | 'BNB'>
} {
  const { account } = useSession()
  const now = useChainNow()
  const [times, setTimes] = useState('')
  const [payWith, setPayWith] = useState<PayWith>('USDT')
  const [burnTimes, setBurnTimes] = useState('')
  const [burnPayWith, setBurnPayWith] = useState<'USDT' | 'BNB'>('USDT')
  const who = account ?? zeroAddress
  const bnbRead = useMemo(() => nativeBalanceRead(who), [who])

  const data = useNamedChainReads(
    useMemo(
      () =>
        ({
          config: { address: ido, abi: idoAbi, functionName: 'getConfig' },
          state: { address: ido, abi: idoAbi, functionName: 'getRoundState' },
          totals: { address: ido, abi: idoAbi, functionName: 'totalInfo' },
          user: { address: ido, abi: idoAbi, functionName: 'users', args: [who] },
          claimable: { address: ido, abi: idoAbi, functionName: 'getIdoTokens', args: [who] },
          usdtBalance: { address: usdt, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          nexBalance: { address: nex, abi: erc20Abi, functionName: 'balanceOf', args: [who] },
          price: { address: nex, abi: tokenAbi, functionName: 'getPrice' },
          settings: { address: ido, abi: idoAbi, functionName: 'getSettings' },
          addresses: { address: ido, abi: idoAbi, functionName: 'getAddresses' },
        }) as const,
      [ido, usdt, nex, who],
    ),
  )
  const addresses = ok(data?.addresses)
  const config = ok(data?.config)
  // BNB: Ido swaps it to USDT at no worse than its BNB oracle's average less its slippage (IIdo.ido).
  const routes = useNamedChainReads(
    useMemo(
      () =>
        addresses
          ? ({
              wbnb: { address: addresses.router, abi: iUniswapV2Router02Abi, functionName: 'WETH' },
              burnConfig: { address: addresses.burn, abi: burnAbi, functionName: 'getConfig' },
            } as const)
          : undefined,
      [addresses],
    ),
  )
  const bnb = useNamedChainReads(useMemo(() => (bnbRead ? { balance: bnbRead } : undefined), [bnbRead]))
  const wbnb = ok(routes?.wbnb)
  const burnConfig = ok(routes?.burnConfig)
  // The oracle's view reverts while it has no price yet: BNB payments are then unavailable.
  const bnbOracle = useNamedChainReads(
    useMemo(
      () =>
        addresses && wbnb
          ? ({
              usdtPerBnb: {
                address: addresses.bnbOracle,
                abi: priceOracleAbi,
                functionName: 'consult',
                args: [wbnb, ONE],
              },
            } as const)
          : undefined,
      [addresses, wbnb],
    ),
  )
  // NEX payments: what Ido's own NEX oracle values one unit at now (its TWAP, before the mint's own update)
  const nexOracle = useNamedChainReads(
    useMemo(
      () =>
        addresses && config
          ? ({
              perUnit: {
                address: addresses.nexOracle,
                abi: priceOracleAbi,
                functionName: 'consult',
                args: [usdt, config.idoAmount],
              },
            } as const)
          : undefined,
      [addresses, config, usdt],
    ),
  )
  const bought = useNamedChainReads(
    useMemo(
      () =>
        config && account
          ? ({
              count: { address: ido, abi: idoAbi, functionName: 'userRoundCounts', args: [config.round, account] },
            } as const)
          : undefined,
      [ido, config, account],
    ),
  )
  const burnQuote = useNamedChainReads(
    useMemo(
      () =>
        addresses
          ? ({
              usdtPerBnb: { address: addresses.burn, abi: burnAbi, functionName: 'getSwapBnb', args: [ONE] },
              multi: { address: addresses.burn, abi: burnAbi, functionName: 'getConfigMulti' },
            } as const)
          : undefined,
      [addresses],
    ),
  )

  const reads = {
    config,
    state: ok(data?.state),
    totals: ok(data?.totals),
    user: ok(data?.user),
    claimable: ok(data?.claimable),
    usdtBalance: ok(data?.usdtBalance),
    nexBalance: ok(data?.nexBalance),
    bnbBalance: ok(bnb?.balance),
    price: ok(data?.price),
    settings: ok(data?.settings),
    boughtThisRound: ok(bought?.count),
    usdtPerBnb: ok(bnbOracle?.usdtPerBnb),
    nexPerUnit: ok(nexOracle?.perUnit),
  }
  const minting = mintingModel({ account, ido, usdt, nex, reads, now, times, payWith })
  const burnOrder = idoBurnModel({
    account,
    ido,
    usdt,
    burn: addresses?.burn,
    burnEvery: burnConfig?.burnEvery,
    burnSurplus: burnConfig?.burnSurplus,
    usdtBalance: reads.usdtBalance,
    bnbBalance: reads.bnbBalance,
    usdtPerBnb: ok(burnQuote?.usdtPerBnb),
    slippage: ok(burnQuote?.multi)?.slippage,
    times: burnTimes,
    payWith: burnPayWith,
  })
  return {
    minting,
    form: { times, setTimes, payWith, setPayWith },
    burnOrder,
    burnForm: { times: burnTimes, setTimes: setBurnTimes, payWith: burnPayWith, setPayWith: setBurnPayWith },
  }
}
