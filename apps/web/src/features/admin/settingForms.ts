import type { AdminPath } from './AdminPage.tsx'

/** Where a privileged call has its form: the screen and the form's id (`admin-form-<id>`). */
export type FormPlace = { screen: AdminPath | readonly AdminPath[]; form: string }
/** A privileged call deliberately without a form, and why. */
export type NoForm = { none: string }

/**
 * Every call that only the owner (the Timelock) or a manager may make, as `Contract.function` (`*` for the powers
 * every upgradeable contract shares), with its form, or the reason it has none. `settingForms.test.ts` checks
 * this table against the contracts' "Who may call what" table (contracts/README.md) and SPEC.md §6, and that each
 * form exists on its screen and calls that function: a new owner setting without a form fails it.
 */
export const SETTING_FORMS: Readonly<Record<string, FormPlace | NoForm>> = {
  // the powers every upgradeable contract shares (NexusUpgradeable): one contract at a time
  '*.scheduleUpgrade': { screen: '/manager', form: 'controlScheduleUpgrade' },
  '*.cancelUpgrade': { screen: '/manager', form: 'controlCancelUpgrade' },
  '*.setUpgradeDelay': { screen: '/manager', form: 'controlUpgradeDelay' },
  '*.upgradeToAndCall': { screen: '/manager', form: 'controlUpgrade' },
  '*.withdrawExcess': { screen: '/manager', form: 'controlWithdrawExcess' },
  '*.setGuardian': { screen: '/manager', form: 'controlGuardian' },
  '*.renewPause': { screen: '/manager', form: 'controlRenewPause' },
  '*.pause': { screen: '/manager', form: 'controlPause' },
  '*.unpause': { screen: '/manager', form: 'controlUnpause' },
  '*.transferOwnership': { screen: '/manager', form: 'controlTransferOwnership' },
  '*.acceptOwnership': { screen: '/manager', form: 'controlAcceptOwnership' },
  '*.renounceOwnership': { screen: '/manager', form: 'controlRenounceOwnership' },
  'Main.setConfig': { screen: '/manager', form: 'mainConfig' },
  'Main.setManager': { screen: '/manager', form: 'mainManager' },
  'Main.setLog': { screen: '/manager', form: 'mainLog' },
  'Log.setWriter': { screen: '/manager', form: 'logWriter' },
  'Log.setDayTimes': { screen: '/manager', form: 'logDayTimes' },
  'Token.setConfig': { screen: '/manager', form: 'tokenConfig' },
  'Token.setConfigMulti': { screen: '/manager', form: 'tokenMulti' },
  'Token.setIsFeeExempt': { screen: '/manager', form: 'tokenFeeExempt' },
  'Token.setWhitelist': { screen: '/manager', form: 'tokenWhitelist' },
  'Token.withdrawExcess': { screen: '/manager', form: 'controlWithdrawExcess' },
  'Token.transferOwnership': { screen: '/manager', form: 'controlTransferOwnership' },
  'Token.acceptOwnership': { screen: '/manager', form: 'controlAcceptOwnership' },
  'Token.renounceOwnership': { screen: '/manager', form: 'controlRenounceOwnership' },
  'Nft.mint': { screen: '/manager', form: 'mintNft' },
  'Nft.mintMulti': { none: 'the same as Nft.mint for several cards at once: the mint form mints one card at a time' },
  'Nft.createNFT': { screen: '/manager', form: 'createNft' },
  'Nft.setMaxSupply': { screen: '/manager', form: 'maxSupply' },
  'Nft.setURI': { screen: '/manager', form: 'uri' },
  'Nft.setBox': { screen: '/manager', form: 'box' },
  'Nft.setName': { screen: '/manager', form: 'cardName' },
  'Nft.setLevelName': { screen: '/manager', form: 'levelName' },
  'Nft.setSendMin': { screen: '/manager', form: 'sendMin' },
  'Nft.setLog': { screen: '/manager', form: 'nftLog' },
  'Burn.setConfig': { screen: '/manager', form: 'burnConfig' },
  'Burn.setConfigMulti': { screen: '/manager', form: 'burnMulti' },
  'Burn.setAddresses': { screen: '/manager', form: 'burnAddresses' },
  'Burn.setBlacklist': { screen: '/manager', form: 'burnBlacklist' },
  'Burn.setTeam': { screen: '/manager', form: 'burnTeam' },
  'Ido.setRoundStart': { screen: '/manager', form: 'idoRoundStart' },
  'Ido.setIdo': { screen: '/manager', form: 'idoRound' },
  'Ido.setConfig': { screen: '/manager', form: 'idoConfig' },
  'Ido.setAddresses': { screen: '/manager', form: 'idoAddresses' },
  'Ido.setWhitelist': { screen: '/manager', form: 'idoWhitelist' },
  'Ido.setWhitelists': { screen: '/manager', form: 'idoWhitelists' },
  'Ido.setMinter': { screen: '/manager', form: 'idoMinter' },
  'Stake.setRoundStart': { screen: '/manager', form: 'stakeRoundStart' },
  'Stake.setIdo': { screen: '/manager', form: 'stakeRound' },
  'Stake.setConfig': { screen: '/manager', form: 'stakeConfig' },
  'Stake.setWhitelist': { screen: '/manager', form: 'stakeWhitelist' },
  'Stake.setContracts': { screen: '/manager', form: 'stakeContracts' },
  'Mining.setConfig': { screen: '/managerMining', form: 'miningConfig' },
  'Mining.setConfigMulti': { screen: '/managerMining', form: 'miningMulti' },
  'Mining.setBlacklist': { screen: '/managerMining', form: 'miningBlacklist' },
  'Mining.setContracts': { screen: '/managerMining', form: 'miningContracts' },
  'Fomo.setConfig': { screen: ['/managerFom', '/managerSuper'], form: 'fomoConfig' },
  'Fomo.setConfigMulti': { screen: ['/managerFom', '/managerSuper'], form: 'fomoMulti' },
  'Fomo.setBlacklist': { screen: ['/managerFom', '/managerSuper'], form: 'fomoBlacklist' },
  'Fomo.setTeamLevel': { screen: ['/managerFom', '/managerSuper'], form: 'fomoTeam' },
  'Fomo.setContracts': { screen: ['/managerFom', '/managerSuper'], form: 'fomoContracts' },
  'Double.setConfig': { screen: '/manager', form: 'doubleConfig' },
  'Double.setDepositor': { screen: '/manager', form: 'doubleDepositor' },
  'Double.setLog': { screen: '/manager', form: 'doubleLog' },
  'Info.setContracts': { screen: '/manager', form: 'infoContracts' },
  'Info.setSources': {
    none: 'a list of (contract, selector) pairs that Info.getUserInfo also calls: set with the deployment scripts',
  },
  'Payouts.cancel': {
    none: "the keeper's signer cancels the id of a rejected withdrawal; the owner's cancel goes through the Timelock's schedule (scripts)",
  },
  'Payouts.setPayer': {
    none: "names the keeper's signer: set with the deployment scripts, changed through the Timelock's schedule",
  },
  'Timelock.updateDelay': { none: "the Timelock's own settings change only through its own schedule (scripts)" },
  'Timelock.grantRole': { none: "the Timelock's own settings change only through its own schedule (scripts)" },
  'Timelock.revokeRole': { none: "the Timelock's own settings change only through its own schedule (scripts)" },
}

/**
 * SPEC.md §6's owner settings (and issue 23's list of them) with the calls that make each: every one needs a
 * form (checked by `settingForms.test.ts`).
 */
export const SPEC_SETTINGS: Readonly<Record<string, readonly string[]>> = {
  'set config': [
    'Main.setConfig',
    'Token.setConfig',
    'Token.setConfigMulti',
    'Burn.setConfig',
    'Burn.setConfigMulti',
    'Ido.setConfig',
    'Stake.setConfig',
    'Mining.setConfig',
    'Mining.setConfigMulti',
    'Fomo.setConfig',
    'Fomo.setConfigMulti',
    'Double.setConfig',
    'Log.setDayTimes',
  ],
  'token addresses': [
    'Burn.setAddresses',
    'Ido.setAddresses',
    'Stake.setContracts',
    'Mining.setContracts',
    'Fomo.setContracts',
    'Double.setLog',
    'Main.setLog',
    'Nft.setLog',
    'Info.setContracts',
  ],
  blacklist: ['Burn.setBlacklist', 'Fomo.setBlacklist', 'Mining.setBlacklist'],
  whitelist: ['Ido.setWhitelist', 'Ido.setWhitelists', 'Stake.setWhitelist', 'Token.setWhitelist'],
  'fee exemption': ['Token.setIsFeeExempt'],
  manager: ['Main.setManager'],
  'max supply': ['Nft.setMaxSupply'],
  'box addresses': ['Nft.setBox'],
  'IDO rounds': ['Ido.setIdo', 'Ido.setRoundStart'],
  'Stake rounds': ['Stake.setIdo', 'Stake.setRoundStart'],
  'manual team levels': ['Burn.setTeam', 'Fomo.setTeamLevel'],
  'Double openClaim': ['Double.setConfig'],
  pause: ['*.pause', '*.unpause', '*.renewPause', '*.setGuardian'],
  upgrade: ['*.scheduleUpgrade', '*.cancelUpgrade', '*.setUpgradeDelay', '*.upgradeToAndCall'],
  'withdraw tokens': ['*.withdrawExcess', 'Token.withdrawExcess'],
  'transfer or renounce ownership': [
    '*.transferOwnership',
    '*.acceptOwnership',
    '*.renounceOwnership',
    'Token.transferOwnership',
    'Token.renounceOwnership',
  ],
}

/** The source files of each admin screen's forms (for the test that each form exists where the table says). */
export const SCREEN_SOURCES: Readonly<Record<AdminPath, readonly string[]>> = {
  '/manager': [
    'NftForms.tsx',
    'BurnForms.tsx',
    'RoundStartForms.tsx',
    'SystemForms.tsx',
    'IdoConfigForm.tsx',
    'ContractControls.tsx',
  ],
  '/managerFom': ['FomoAdminPage.tsx'],
  '/managerSuper': ['FomoAdminPage.tsx'],
  '/managerMining': ['MiningAdminPage.tsx'],
}
