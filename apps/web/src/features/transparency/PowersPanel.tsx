import { useLingui } from '@lingui/react/macro'
import { Card, Spinner } from '@nexus/ui'
import type { PowersModel } from './transparencyModel.ts'

/** Who holds the owner's powers and their limits, every figure read from the chain. */
export function PowersPanel({ powers }: { powers: PowersModel }) {
  const { t } = useLingui()
  if (powers.state === 'absent') return null
  // named as the messages name them (their catalog entries say {owner} and {guardian})
  const owner = powers.state === 'ready' ? powers.owner : undefined
  const guardian = powers.state === 'ready' ? powers.guardian : undefined
  return (
    <Card title={t`Who can change what`} data-testid="powers">
      {powers.state === 'loading' ? (
        <Spinner label={t`Loading`} />
      ) : (
        <ul className="tp-powers">
          {powers.ownedByTimelock ? (
            <li data-testid="powers-owner" data-owner="timelock">
              {t`The owner of the contracts is a Timelock (${owner}) with a delay of ${powers.minDelay}: every owner action is scheduled in public below and runs only after that delay.`}
            </li>
          ) : (
            <li data-testid="powers-owner" data-owner="account">
              {t`The owner of the contracts is the account ${owner}, not a Timelock: its actions take effect at once.`}
            </li>
          )}
          <li data-testid="powers-withdraw">
            {t`The owner can take tokens out of a contract only with withdrawExcess, and only what it holds beyond what it owes users (held − owed).`}
          </li>
          <li data-testid="powers-pause">
            {guardian
              ? t`A guardian (${guardian}) may pause new deposits, orders, mints and registrations at once, for at most ${powers.maxPause}; only the owner can renew a pause.`
              : t`No guardian is set; the owner may pause new deposits, orders, mints and registrations, for at most ${powers.maxPause} at a time.`}
          </li>
          <li data-testid="powers-claims">
            {t`A pause never stops claims, withdrawals or releases of what users are already owed.`}
          </li>
        </ul>
      )}
    </Card>
  )
}
