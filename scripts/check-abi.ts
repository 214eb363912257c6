// Fails when src/generated.ts no longer matches the compiled contracts: regenerate with `npm run abi`.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const dir = mkdtempSync(join(tmpdir(), 'abi-check-'))
const fresh = join(dir, 'generated.ts')
try {
  execFileSync(process.execPath, ['scripts/forge.mjs', 'build'], { stdio: 'inherit' })
  execFileSync('npx', ['wagmi', 'generate'], { env: { ...process.env, WAGMI_OUT: fresh }, stdio: 'pipe' })
  if (readFileSync(fresh, 'utf8') !== readFileSync('src/generated.ts', 'utf8')) {
    console.error('src/generated.ts is stale: run `npm run abi` and commit the result.')
    process.exit(1)
  }
  console.log('src/generated.ts matches the compiled contracts.')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
