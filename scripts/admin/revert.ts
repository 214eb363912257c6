import { type Abi, BaseError, type ContractErrorName, decodeErrorResult, formatUnits, type Hex } from 'viem'
import { portalErrorAbi } from '../../src/features/vesting/errorAbi.ts'
import { revertData as revertDataIn } from '../../src/lib/errors.ts'

/** The token amounts in a revert are counted in; without it they are shown in the smallest unit. */
export type TokenUnits = { symbol: string; decimals: number }

type ArgumentKind = 'amount' | 'time' | 'burnPercentage'

/**
 * The owner's errors whose arguments read better than as plain integers: amounts in the token, times as UTC dates,
 * burn percentages as percent. Every other argument (addresses, counts, indices) is shown as it is.
 */
const OWNER_ARGUMENTS: { [name in ContractErrorName<typeof portalErrorAbi>]?: Record<string, ArgumentKind> } = {
  Vesting_InvalidSchedule: { claimStart: 'time', claimEnd: 'time', unlockStart: 'time', unlockEnd: 'time' },
  Vesting_AmountTooLarge: { amount: 'amount', max: 'amount' },
  Vesting_BurnPercentageTooHigh: { burnPercentage: 'burnPercentage' },
  Vesting_FundingMismatch: { expected: 'amount', received: 'amount' },
  LegacyClaim_FundingMismatch: { expected: 'amount', received: 'amount' },
  LegacyClaim_AmountTooLarge: { amount: 'amount', max: 'amount' },
  ERC20InsufficientBalance: { balance: 'amount', needed: 'amount' },
  ERC20InsufficientAllowance: { allowance: 'amount', needed: 'amount' },
}

function formatArgument(value: unknown, kind: ArgumentKind | undefined, token: TokenUnits | undefined): string {
  if (Array.isArray(value)) return `[${value.map((item) => formatArgument(item, kind, token)).join(', ')}]`
  if (typeof value !== 'bigint') return String(value)
  if (kind === 'amount' && token) return `${formatUnits(value, token.decimals)} ${token.symbol}`
  if (kind === 'time' && value <= 8_640_000_000_000n) {
    return `${new Date(Number(value) * 1000).toISOString().replace('.000Z', 'Z')} (${value})`
  }
  if (kind === 'burnPercentage') return `${formatUnits(value, 16)} %`
  return value.toString()
}

/** The raw revert data somewhere in an error's chain of causes, if the node returned any. */
export function revertData(error: unknown): Hex | undefined {
  return revertDataIn(error)[0]
}

/** Revert data as the owner reads it: `Vesting_DuplicateHolder(holder: 0x…)`, `Error(message: …)`, or its selector. */
export function describeErrorData(data: Hex, token?: TokenUnits): string {
  const abi: Abi = portalErrorAbi
  try {
    const { errorName, args = [], abiItem } = decodeErrorResult({ abi, data })
    const names = abiItem.type === 'error' ? abiItem.inputs.map((input) => input.name) : []
    const kinds: Record<string, ArgumentKind> = OWNER_ARGUMENTS[errorName as keyof typeof OWNER_ARGUMENTS] ?? {}
    const shown = args.map((arg, i) => {
      const name = names[i]
      return name ? `${name}: ${formatArgument(arg, kinds[name], token)}` : formatArgument(arg, undefined, token)
    })
    return `${errorName}(${shown.join(', ')})`
  } catch {
    return `unknown error ${data.slice(0, 10)} (data ${data})`
  }
}

/** The clearest account of why a call or transaction failed: the decoded revert when there is one. */
export function describeFailure(error: unknown, token?: TokenUnits): string {
  const data = revertData(error)
  if (data) return `reverted with ${describeErrorData(data, token)}`
  if (error instanceof BaseError) return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}
