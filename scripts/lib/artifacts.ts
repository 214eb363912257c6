import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Hex } from 'viem'

const contractsOut = fileURLToPath(new URL('../../contracts/out/', import.meta.url))

export type ContractName = 'Vesting' | 'LegacyClaim' | 'DemoToken' | 'Multicall3'

/** Creation bytecode of a compiled contract, read from forge's output (`npm run contracts:build`). */
export function creationBytecode(name: ContractName): Hex {
  const file = `${contractsOut}${name}.sol/${name}.json`
  let artifact: { bytecode?: { object?: string } }
  try {
    artifact = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    throw new Error(`No compiled ${name} at ${file}: run \`npm run contracts:build\` first.`)
  }
  const object = artifact.bytecode?.object
  if (!object?.startsWith('0x') || object.length < 4) throw new Error(`${file} holds no creation bytecode.`)
  return object as Hex
}
