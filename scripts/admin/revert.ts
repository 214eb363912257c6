import { BaseError, decodeErrorResult, type Hex, isHex } from 'viem'
import { demoTokenAbi, legacyClaimAbi, vestingAbi } from '../../src/generated.ts'

/** Every custom error the tool can meet: both contracts, Ownable, SafeERC20 and OpenZeppelin's ERC-20 errors. */
const knownErrors = [...vestingAbi, ...legacyClaimAbi, ...demoTokenAbi].filter((item) => item.type === 'error')

function hexIn(value: unknown): Hex | undefined {
  if (typeof value === 'string' && isHex(value) && value.length >= 10) return value
  if (typeof value === 'object' && value !== null && 'data' in value) return hexIn(value.data)
  return undefined
}

/** The raw revert data somewhere in a viem error's chain of causes, if the node returned any. */
export function revertData(error: unknown): Hex | undefined {
  let found: Hex | undefined
  const visit = (candidate: unknown) => {
    if (found || typeof candidate !== 'object' || candidate === null) return
    if ('raw' in candidate) found = hexIn(candidate.raw)
    if (!found && 'data' in candidate) found = hexIn(candidate.data)
  }
  if (error instanceof BaseError) {
    error.walk((cause) => {
      visit(cause)
      return false
    })
  } else visit(error)
  return found
}

function formatValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`
  return typeof value === 'bigint' ? value.toString() : String(value)
}

/** Revert data as a sentence: `Vesting_PositionExists(holder: 0x…)`, `Error("…")`, or the selector when unknown. */
export function describeErrorData(data: Hex): string {
  try {
    const decoded = decodeErrorResult({ abi: knownErrors, data })
    const definition = knownErrors.find((item) => item.name === decoded.errorName)
    const names = definition?.inputs.map((input) => input.name) ?? []
    const args = (decoded.args ?? []).map((arg, i) =>
      names[i] ? `${names[i]}: ${formatValue(arg)}` : formatValue(arg),
    )
    return `${decoded.errorName}(${args.join(', ')})`
  } catch {
    return `unknown error ${data.slice(0, 10)} (data ${data})`
  }
}

/** The clearest account of why a call or transaction failed: the decoded revert when there is one. */
export function describeFailure(error: unknown): string {
  const data = revertData(error)
  if (data) return `reverted with ${describeErrorData(data)}`
  if (error instanceof BaseError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}
