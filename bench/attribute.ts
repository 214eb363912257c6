/**
 * Which packages fill a built chunk: `npx tsx bench/attribute.ts <chunk.js> [--files]`. Build with source maps
 * first (`vite build --sourcemap --outDir /tmp/…`). `--files` groups by source file instead of package.
 */
import { attributeChunk } from './lib/attribute.ts'

const [chunk, flag] = process.argv.slice(2)
if (!chunk) {
  console.error('Usage: tsx bench/attribute.ts <chunk.js> [--files]')
  process.exit(1)
}
const bytes = attributeChunk(chunk, flag === '--files' ? (path) => path.replace(/^.*node_modules\//, '') : undefined)
const total = [...bytes.values()].reduce((sum, value) => sum + value, 0)
for (const [name, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, flag === '--files' ? 60 : 40)) {
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB ${((size / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
}
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB total`)
