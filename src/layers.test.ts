import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The layers of src point one way — `domain` ← `config`, `generated` ← `lib` ← `wallet` ← `features` ← `pwa`, `layout`
 * ← `main` — and no module imports itself back through others, so each layer can change without the ones below it.
 * The pure core (`domain`) stands at the bottom: the scripts, the tests and the benches import it too.
 */
const RANK: Record<string, number> = {
  domain: 0,
  config: 1,
  generated: 1,
  lib: 2,
  wallet: 3,
  features: 4,
  pwa: 5,
  layout: 5,
  main: 6,
}

const thisFile = fileURLToPath(import.meta.url)
const srcDir = dirname(thisFile)

/** `src/wallet/wagmi.ts` → `wallet`, `src/main.tsx` → `main`. */
function layerOf(file: string): string {
  const [first = ''] = file.split('/')
  return first.replace(/\.tsx?$/, '')
}

type ImportGraph = Map<string, string[]>

/** Every import (static, dynamic, type-only) from `from` to `to`, as paths relative to src, that goes up a layer. */
function upwardImports(graph: ImportGraph): string[] {
  const problems: string[] = []
  for (const [from, targets] of graph) {
    for (const to of targets) {
      const [fromLayer, toLayer] = [layerOf(from), layerOf(to)]
      if (fromLayer === toLayer) continue
      const [fromRank, toRank] = [RANK[fromLayer], RANK[toLayer]]
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

/** The imports between src's own modules; imports of packages and of files outside src are left out. */
function srcImportGraph(): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const file of sourceFiles(srcDir)) {
    if (file === thisFile) continue
    const targets = new Set<string>()
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? '')
      if (target?.startsWith(`${srcDir}/`) && /\.tsx?$/.test(target)) targets.add(relative(srcDir, target))
    }
    graph.set(relative(srcDir, file), [...targets])
  }
  return graph
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

  it('find a cycle', () => {
    expect(importCycles(graph)).toEqual([['wallet/WalletKit.tsx', 'wallet/rainbowKit.tsx', 'wallet/WalletKit.tsx']])
  })
})
