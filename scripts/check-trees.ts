// Fails unless every branch spec `contracts/test/**/*.tree` and the test file beside it agree: the tree's root names
// the test contract, each condition ("when …" / "given …") with an action ("it …") under it has a test named after
// it, and every test in the file is such a leaf. Names follow bulloak: "when amount is zero" whose actions include
// "it should revert" is `test_RevertWhen_AmountIsZero`; "given position was claimed" is `test_GivenPositionWasClaimed`.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

type TreeNode = { text: string; depth: number; line: number; children: TreeNode[] }

const CONDITION = /^(when|given) (.+)$/i

/** Parses the box-drawing tree: depth is the column where a line's text starts. */
function parseTree(source: string): { root: string; nodes: TreeNode[] } {
  const lines = source.split('\n')
  const root = lines[0]?.trim() ?? ''
  const top: TreeNode = { text: root, depth: -1, line: 1, children: [] }
  const stack: TreeNode[] = [top]
  lines.slice(1).forEach((raw, index) => {
    const start = raw.search(/[A-Za-z]/)
    if (start === -1) return
    const node: TreeNode = { text: raw.slice(start).trim(), depth: start, line: index + 2, children: [] }
    while ((stack.at(-1)?.depth ?? -1) >= node.depth) stack.pop()
    stack.at(-1)?.children.push(node)
    stack.push(node)
  })
  return { root, nodes: top.children }
}

function pascalCase(words: string): string {
  return words
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Za-z0-9]/g, ''))
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')
}

/** The test function each condition with actions stands for, with the tree line it comes from. */
function expectedTests(nodes: TreeNode[]): { name: string; line: number }[] {
  const tests: { name: string; line: number }[] = []
  const visit = (node: TreeNode) => {
    const condition = CONDITION.exec(node.text)
    const actions = node.children.filter((child) => /^it\b/i.test(child.text))
    if (condition && actions.length > 0) {
      const keyword = (condition[1] ?? '').toLowerCase() === 'when' ? 'When' : 'Given'
      const reverts = actions.some((action) => /\brevert/i.test(action.text))
      const name = pascalCase(condition[2] ?? '')
      tests.push({ name: reverts ? `test_Revert${keyword}_${name}` : `test_${keyword}${name}`, line: node.line })
    }
    node.children.forEach(visit)
  }
  nodes.forEach(visit)
  return tests
}

function treeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return treeFiles(path)
    return entry.name.endsWith('.tree') ? [path] : []
  })
}

/** Every disagreement between the trees under `testDir` and their test files. */
function checkTrees(testDir: string): string[] {
  const problems: string[] = []
  for (const treePath of treeFiles(testDir)) {
    const testPath = treePath.replace(/\.tree$/, '.t.sol')
    const where = relative(process.cwd(), treePath)
    const { root, nodes } = parseTree(readFileSync(treePath, 'utf8'))
    let solidity: string
    try {
      solidity = readFileSync(testPath, 'utf8')
    } catch {
      problems.push(`${where}: no test file ${relative(process.cwd(), testPath)} beside it`)
      continue
    }
    if (!new RegExp(`\\bcontract ${root}\\b`).test(solidity)) {
      problems.push(`${where}:1: the test file has no contract ${root}`)
    }
    const expected = expectedTests(nodes)
    const names = new Set(expected.map((test) => test.name))
    const declared = new Set([...solidity.matchAll(/\bfunction (test\w*)\s*\(/g)].map((match) => match[1]))
    for (const test of expected) {
      if (expected.filter((other) => other.name === test.name).length > 1) {
        problems.push(`${where}:${test.line}: ${test.name} comes from more than one branch`)
      }
      if (!declared.has(test.name)) problems.push(`${where}:${test.line}: no ${test.name} in the test file`)
    }
    for (const name of declared) {
      if (name && !names.has(name)) problems.push(`${where}: ${name} is not a leaf of the tree`)
    }
  }
  return [...new Set(problems)]
}

const testDir = fileURLToPath(new URL('../contracts/test', import.meta.url))
const problems = checkTrees(testDir)
if (problems.length > 0) {
  for (const problem of problems) console.error(problem)
  console.error('Branch specs and tests disagree: name each test after its leaf, or update the tree.')
  process.exit(1)
}
console.log(`Every branch spec under contracts/test matches its tests (${treeFiles(testDir).length} trees).`)
