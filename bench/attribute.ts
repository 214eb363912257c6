/**
 * Which packages fill a built chunk: `npx tsx bench/attribute.ts <chunk.js> [--files]`. Build with source maps
 * first (`vite build --sourcemap --outDir /tmp/…`). `--files` groups by source file instead of package.
 */
import { Command } from 'commander'
import { attributeChunk } from './lib/attribute.ts'

const command = new Command('tsx bench/attribute.ts')
  .description('Which packages (or source files) fill a built chunk, by its source map; largest first.')
  .argument('<chunk.js>', 'a chunk of a build made with --sourcemap')
  .option('--files', 'group by source file instead of package', false)
  .parse()
const [chunk] = command.processedArgs as [string]
const { files } = command.opts<{ files: boolean }>()

const bytes = attributeChunk(chunk, files ? (path) => path.replace(/^.*node_modules\//, '') : undefined)
const total = [...bytes.values()].reduce((sum, value) => sum + value, 0)
for (const [name, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, files ? 60 : 40)) {
  console.log(`${(size / 1024).toFixed(1).padStart(8)} KB ${((size / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
}
console.log(`${(total / 1024).toFixed(1).padStart(8)} KB total`)
