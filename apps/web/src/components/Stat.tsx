/** A labelled figure of a card (a term and its value), shared by every page that shows chain figures. */
export function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="app-stat" data-testid={testId}>
      <dt>{label}</dt>
      <dd className="app-mono">{value}</dd>
    </div>
  )
}
