/**
 * Parsers for the command lines' values (commander's custom option processing): a wrong value stops the command with
 * commander's usage error, naming the option, before anything starts.
 */
import { InvalidArgumentError } from 'commander'

export function port(value: string): number {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isInteger(number) || number < 1 || number > 65_535) {
    throw new InvalidArgumentError('must be a port number between 1 and 65535.')
  }
  return number
}

export function positiveInteger(value: string): number {
  const number = Number(value)
  if (!Number.isSafeInteger(number) || number <= 0) throw new InvalidArgumentError('must be a positive integer.')
  return number
}
