// `@nexus/abi/errors`: only the custom errors, for decoding reverts without importing every ABI.
export { nexusErrorsAbi } from './generated/errors.ts'
