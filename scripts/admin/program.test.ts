import { describe, expect, it } from 'vitest'
import { runInProcess } from './run-tool.ts'

const VESTING = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
// Nothing listens here: a command that got past its arguments fails on the connection, with exit code 1.
const env = { ADMIN_RPC_URL: 'http://127.0.0.1:1', ADMIN_VESTING_ADDRESS: VESTING }

async function refused(argv: string[], environment: Record<string, string> = env): Promise<string> {
  const result = await runInProcess(argv, environment)
  expect(result.code).toBe(2)
  expect(result.out).toBe('')
  return result.err.split('\n')[0] ?? ''
}

describe('the command line', () => {
  it('refuses typos, values on flags, missing values and a wrong number of arguments, sending nothing', async () => {
    expect(await refused(['add-claims', 'a.csv', '--sned'])).toBe("error: unknown option '--sned'")
    expect((await runInProcess(['add-claims', 'a.csv', '--sned'], env)).err).toContain('(Did you mean --send?)')
    expect(await refused(['add-claims', 'a.csv', '-s'])).toBe("error: unknown option '-s'")
    expect(await refused(['add-claims', 'a.csv', '--send=yes'])).toBe("error: unknown option '--send=yes'")
    expect(await refused(['add-claims', 'a.csv', '--rpc-url'])).toBe("error: option '--rpc-url <URL>' argument missing")
    expect(await refused(['add-claims'])).toBe("error: missing required argument 'csv'")
    expect(await refused(['add-claims', 'a.csv', 'b.csv'])).toBe(
      "error: too many arguments for 'add-claims'. Expected 1 argument but got 2.",
    )
    expect(await refused(['add-claims', 'a.csv', '--max-batch', '2.5'])).toBe(
      "error: option '--max-batch <N>' argument '2.5' is invalid. It must be a whole number from 1 to 10000.",
    )
    expect(await refused(['status', '--vesting-from-block', 'latest'])).toBe(
      "error: option '--vesting-from-block <BLOCK>' argument 'latest' is invalid. It must be a block number.",
    )
  })

  it('refuses secrets on the command line with a pointer to the safe ways', async () => {
    for (const name of ['--private-key', '--key', '--password', '--mnemonic', '--seed=abc']) {
      expect(await refused(['add-claims', 'a.csv', name, '0xabc'])).toContain(
        `${name.split('=')[0]}: keys and passwords are never taken from the command line`,
      )
    }
  })

  it('falls back to the environment variable, the command line wins, and a blank variable is unset', async () => {
    expect(await refused(['add-claims', 'a.csv'], { ...env, ADMIN_VESTING_ADDRESS: '0x12' })).toBe(
      `error: option '--vesting <ADDRESS>' value '0x12' from env 'ADMIN_VESTING_ADDRESS' is invalid. "0x12" is not an address (0x followed by 40 hex digits).`,
    )
    expect(await refused(['add-claims', 'a.csv', '--vesting', '0x34'], { ...env, ADMIN_VESTING_ADDRESS: '0x12' })).toBe(
      `error: option '--vesting <ADDRESS>' argument '0x34' is invalid. "0x34" is not an address (0x followed by 40 hex digits).`,
    )
    expect(await refused(['add-claims', 'a.csv'], { ...env, ADMIN_VESTING_ADDRESS: '  ' })).toBe(
      "error: required option '--vesting <ADDRESS>' not specified",
    )
    expect(await refused(['status'], { ADMIN_RPC_URL: 'not a url', ADMIN_VESTING_ADDRESS: VESTING })).toBe(
      'The RPC URL "not a url" is not a URL.',
    )
    expect(
      await refused(['status', '--rpc-url', 'ftp://x'], { ADMIN_RPC_URL: 'not a url', ADMIN_VESTING_ADDRESS: VESTING }),
    ).toBe('The RPC URL must be http(s), got ftp:')
  })

  it('accepts a contract address in lower case, and reports a failed connection with exit code 1', async () => {
    const result = await runInProcess(['status', '--vesting', VESTING.toLowerCase()], env)
    expect(result.code).toBe(1)
    expect(result.err).toMatch(/^Failed: HTTP request failed\./)
  })
})
