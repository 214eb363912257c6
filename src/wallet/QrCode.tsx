import { create } from 'qrcode'
import { useMemo } from 'react'

/** A QR code of `value` as an SVG path: one square per dark module, with the standard four-module quiet zone. */
export function QrCode({ value, label, size = 220 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const matrix = create(value, { errorCorrectionLevel: 'M' }).modules
    const squares: string[] = []
    for (let row = 0; row < matrix.size; row++) {
      for (let column = 0; column < matrix.size; column++) {
        if (matrix.get(row, column)) squares.push(`M${column + 4} ${row + 4}h1v1h-1z`)
      }
    }
    return { path: squares.join(''), modules: matrix.size + 8 }
  }, [value])
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
