import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { Command } from 'commander'
import { assetsDigest, sha256sumLines } from '../../src/pwa/build/buildDigest'
import { directoryCid, fileDigests } from './digests'

/** The commit checked out here, or nothing outside a git work tree (a build from an archive). */
function gitCommit(): string | undefined {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' })
    return dirty.trim() === '' ? commit.trim() : `${commit.trim()}-dirty`
  } catch {
    return undefined
  }
}

const program = new Command()
  .name('release')
  .description(
    'Builds the app into a directory and prints what a holder checks a copy against: the SHA-256 of every file, ' +
      'the digest of its assets the page shows, and the IPFS CIDv1 of the directory.',
  )
  .option('--out-dir <dir>', 'where the build goes', 'dist')
  .option('--no-build', 'only print the figures of an existing build')
  .action(async (options: { outDir: string; build: boolean }) => {
    const outDir = resolve(options.outDir)
    if (options.build) {
      // A build variable, not git at run time: a build from an archive has no .git and sets VITE_COMMIT itself.
      const commit = process.env.VITE_COMMIT?.trim() || gitCommit()
      // A release is a production build whatever the shell says: under NODE_ENV=development or test, React's JSX
      // carries each element's absolute source path, and the files would depend on where they were built.
      const env = { ...process.env, NODE_ENV: 'production', ...(commit ? { VITE_COMMIT: commit } : {}) }
      const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
        env,
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      if (build.status !== 0) {
        console.error(`The build failed (exit status ${build.status ?? build.signal}).`)
        process.exit(1)
      }
      console.log(`Commit: ${commit ?? 'not recorded (no .git here and no VITE_COMMIT)'}`)
    } else if (!existsSync(outDir)) {
      console.error(`${outDir} does not exist: build it first, or leave out --no-build.`)
      process.exit(1)
    }
    const files = await fileDigests(outDir)
    console.log(`\nSHA-256 of every file in ${options.outDir}/ (check with: cd ${options.outDir} && sha256sum -c)`)
    process.stdout.write(sha256sumLines(files))
    console.log(`\nAssets SHA-256 (shown in "About this build"): ${assetsDigest(files)}`)
    console.log(`IPFS CIDv1: ${await directoryCid(outDir)}`)
  })

await program.parseAsync()
