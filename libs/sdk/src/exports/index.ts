// The framework-free entry point of @nexus/sdk: domain helpers and typed contract actions.
export { shortenAddress } from '../utils/shortenAddress.ts'
