import { useLingui } from '@lingui/react/macro'
import type { TimelockOperation } from '@nexus/sdk'
import { ownedContracts } from './useTimelock.ts'
import { operationArguments } from './operationCall.ts'

/**
 * A scheduled owner call on `/transparency`: `Contract.function`, then each argument by its name in the reader's
 * language with its value formatted (token and decimals, address, duration); the raw call data when it cannot be
 * decoded.
 */
export function OperationCall({ operation }: { operation: TimelockOperation }) {
  const { i18n } = useLingui()
  if (!operation.functionName || !operation.contract) {
    return (
      <strong className="app-mono tp-call" data-testid="timelock-call">
        {operation.contract ?? operation.call.target} {operation.call.data}
      </strong>
    )
  }
  const abi = ownedContracts()[operation.contract]?.abi
  const args = operationArguments(i18n, operation, abi)
  return (
    <div className="tp-call" data-testid="timelock-call">
      <strong className="app-mono">
        {operation.contract}.{operation.functionName}
      </strong>
      {args.length > 0 && (
        <dl className="tp-call__args" data-testid="timelock-args">
          {args.map((arg) => (
            <div key={arg.name} className="tp-call__arg" data-testid="timelock-arg" data-name={arg.name}>
              <dt title={arg.name}>{arg.label}</dt>
              <dd className="app-mono" data-testid="timelock-arg-value">
                {arg.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
