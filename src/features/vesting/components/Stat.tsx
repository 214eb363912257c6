import type { ReactNode } from 'react'

/** A labelled figure: "Receive", "Burn", "Total", … */
export function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}
