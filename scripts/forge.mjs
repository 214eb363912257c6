// Runs the forge binary shipped by @foundry-rs/forge inside contracts/ and exits with its exit code
// (the package's npm wrapper always exits 0, which would let a failing test or build pass).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const { platform, arch } = process
const pkg = `@foundry-rs/forge-${platform}-${arch === 'x64' ? 'amd64' : arch}`
const bin = join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', platform === 'win32' ? 'forge.exe' : 'forge')
const contracts = fileURLToPath(new URL('../contracts/', import.meta.url))
const result = spawnSync(bin, process.argv.slice(2), { cwd: contracts, stdio: 'inherit' })
process.exit(result.status ?? 1)
