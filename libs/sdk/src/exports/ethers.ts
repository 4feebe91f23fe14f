// TypeChain contract types and factories for ethers v6 users, generated from the contracts' artifacts.
export * from '../generated/typechain/index.ts'
