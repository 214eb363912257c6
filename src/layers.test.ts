import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The layers of src point one way — `domain` ← `i18n` ← `config`, `generated` ← `lib` ← `wallet` ← `features` ←
 * `pwa`, `layout` ← `main` — and no module imports itself back through others, so each layer can change without the
 * ones below it.
 * The pure core (`domain`) stands at the bottom: the scripts, the tests and the benches import it too.
 */
const RANK: Record<string, number> = {
  domain: 0,
  i18n: 0.5,
  config: 1,
  generated: 1,
  lib: 2,
  wallet: 3,
  features: 4,
  pwa: 5,
  layout: 5,
  main: 6,
}

/**
 * The folders around src point one way too. The app's own code (src without its tests) stands alone: nothing it ships
 * may come from the tooling or the tests. `scripts/lib` deploys the contracts on a chain, for the owner tool, the demo
 * and the tests alike; `testing` is what the tests, the benches and the demo share (the RPC proxy, the app server, the
 * test chains), so it stands below the scripts' tools, the unit tests, the browser tests and the benches that use it;
 * the browser tests and the benches stand beside each other at the top.
 */
const FOLDER_RANK: Record<string, number> = {
  src: 0,
  'scripts/lib': 1,
  testing: 2,
  scripts: 3,
  'src tests': 3,
  e2e: 4,
  bench: 4,
}

const thisFile = fileURLToPath(import.meta.url)
const srcDir = dirname(thisFile)
const repoDir = dirname(srcDir)

/** `src/wallet/wagmi.ts` → `wallet`, `src/main.tsx` → `main`. */
function layerOf(file: string): string {
  const [first = ''] = file.split('/')
  return first.replace(/\.tsx?$/, '')
}

/** `src/lib/format.ts` → `src`, `src/lib/format.test.ts` → `src tests`, `scripts/lib/anvil.ts` → `scripts/lib`. */
function folderOf(file: string): string {
  const [first = '', second = ''] = file.split('/')
  if (first === 'src') return /\.test\.tsx?$/.test(file) ? 'src tests' : 'src'
  if (first === 'scripts' && second === 'lib') return 'scripts/lib'
  return first
}

type ImportGraph = Map<string, string[]>

/**
 * Every import (static, dynamic, type-only) from `from` to `to` that goes up a rank or beside it, where `layer` names
 * a file's layer and `rank` orders the layers.
 */
function upwardImports(
  graph: ImportGraph,
  layer: (file: string) => string = layerOf,
  rank: Record<string, number> = RANK,
): string[] {
  const problems: string[] = []
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [fromLayer, toLayer] = [layer(from), layer(to)]
      if (fromLayer === toLayer) continue
      const [fromRank, toRank] = [rank[fromLayer], rank[toLayer]]
      if (fromRank === undefined || toRank === undefined) problems.push(`${from} → ${to}: unknown layer`)
      else if (toRank >= fromRank) problems.push(`${from} (${fromLayer}) → ${to} (${toLayer})`)
    }
  }
  return problems
}

/** The modules of each import cycle found, one cycle per entry. */
function importCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = []
  const done = new Set<string>()
  const path: string[] = []
  const visit = (file: string) => {
    const index = path.indexOf(file)
    if (index >= 0) {
      cycles.push([...path.slice(index), file])
      return
    }
    if (done.has(file)) return
    path.push(file)
    for (const target of graph.get(file) ?? []) visit(target)
    path.pop()
    done.add(file)
  }
  for (const file of graph.keys()) visit(file)
  return cycles
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    // Installed packages, and the benches' stand-in app (a default RainbowKit app of its own), are not ours.
    if (name === 'node_modules' || path === join(repoDir, 'bench', 'baseline')) return []
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = resolve(dirname(from), specifier)
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  )
}

/** The imports among `files`, as paths relative to `base`; imports of packages and of files outside `base` are left out. */
function importGraph(files: string[], base: string): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const file of files) {
    const targets = new Set<string>()
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? '')
      if (target?.startsWith(`${base}/`) && /\.tsx?$/.test(target)) targets.add(relative(base, target))
    }
    graph.set(relative(base, file), [...targets])
  }
  return graph
}

/** The imports between src's own modules. */
function srcImportGraph(): ImportGraph {
  return importGraph(
    sourceFiles(srcDir).filter((file) => file !== thisFile),
    srcDir,
  )
}

/** The imports between the files of src, scripts, testing, e2e and bench, as paths relative to the repository. */
function repoImportGraph(): ImportGraph {
  const folders = Object.keys(FOLDER_RANK).filter((folder) => !folder.includes(' ') && !folder.includes('/'))
  return importGraph(
    folders.flatMap((folder) => sourceFiles(join(repoDir, folder))),
    repoDir,
  )
}

describe('the import graph of src', () => {
  const graph = srcImportGraph()

  it('is read from the source: the page entry reaches every layer', () => {
    expect(graph.get('main.tsx')).toEqual(expect.arrayContaining(['config/env.ts', 'layout/Layout.tsx']))
    expect(new Set([...graph.keys()].map(layerOf))).toEqual(new Set(Object.keys(RANK)))
  })

  it('points one way: no layer imports from a layer above it or beside it', () => {
    expect(upwardImports(graph)).toEqual([])
  })

  it('has no cycles', () => {
    expect(importCycles(graph)).toEqual([])
  })
})

describe('the import graph of the folders around src', () => {
  const graph = repoImportGraph()

  it('is read from the source: every folder is there, and the tests reach testing', () => {
    expect(new Set([...graph.keys()].map(folderOf))).toEqual(new Set(Object.keys(FOLDER_RANK)))
    expect(graph.get('src/features/statement/history.test.ts')).toEqual(
      expect.arrayContaining(['testing/localChain.ts', 'testing/rpcProxy.ts']),
    )
    expect(graph.get('bench/lib/stack.ts')).toEqual(expect.arrayContaining(['testing/rpcProxy.ts']))
  })

  it('points one way: the app never imports the tooling or the tests, testing never imports what uses it', () => {
    expect(upwardImports(graph, folderOf, FOLDER_RANK)).toEqual([])
  })

  it("reaches no module of the app's with Lingui's macros from the tooling, which runs without the build's Babel", () => {
    const reached = new Set<string>()
    const pending = [...graph.keys()].filter((file) => !file.startsWith('src/'))
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      for (const target of graph.get(file) ?? []) {
        if (!target.startsWith('src/') || reached.has(target)) continue
        reached.add(target)
        pending.push(target)
      }
    }
    expect(reached).toContain('src/features/vesting/errorAbi.ts')
    const macros = /from '@lingui\/(?:core|react)\/macro'/
    expect([...reached].filter((file) => macros.test(readFileSync(join(repoDir, file), 'utf8')))).toEqual([])
  })
})

describe('the checks themselves', () => {
  const graph: ImportGraph = new Map([
    ['wallet/WalletKit.tsx', ['wallet/rainbowKit.tsx', 'lib/format.ts', 'features/vesting/holder.ts']],
    ['wallet/rainbowKit.tsx', ['wallet/WalletKit.tsx']],
    ['pwa/PwaControls.tsx', ['layout/Layout.tsx', 'wallet/pendingTransaction.ts']],
    ['lib/format.ts', []],
  ])

  it('find an import that goes up a layer or beside it', () => {
    expect(upwardImports(graph)).toEqual([
      'wallet/WalletKit.tsx (wallet) → features/vesting/holder.ts (features)',
      'pwa/PwaControls.tsx (pwa) → layout/Layout.tsx (layout)',
    ])
  })

  it('find an import from the app, or from testing, into the folders above it', () => {
    const folders: ImportGraph = new Map([
      ['src/wallet/awaitOutcome.ts', ['testing/rpcProxy.ts', 'src/lib/format.ts']],
      ['src/wallet/awaitOutcome.test.ts', ['testing/rpcProxy.ts', 'scripts/lib/anvil.ts']],
      ['testing/localChain.ts', ['scripts/lib/deploy.ts', 'e2e/fixtures/index.ts', 'scripts/admin/io.ts']],
      ['bench/pwa.ts', ['testing/shell.ts', 'e2e/pwa/fixtures.ts']],
    ])
    expect(upwardImports(folders, folderOf, FOLDER_RANK)).toEqual([
      'src/wallet/awaitOutcome.ts (src) → testing/rpcProxy.ts (testing)',
      'testing/localChain.ts (testing) → e2e/fixtures/index.ts (e2e)',
      'testing/localChain.ts (testing) → scripts/admin/io.ts (scripts)',
      'bench/pwa.ts (bench) → e2e/pwa/fixtures.ts (e2e)',
    ])
  })

  it('find a cycle', () => {
    expect(importCycles(graph)).toEqual([['wallet/WalletKit.tsx', 'wallet/rainbowKit.tsx', 'wallet/WalletKit.tsx']])
  })
})
