import { fileURLToPath } from 'node:url'
import { type Address, getAddress, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KNOWN_DEPLOYMENT_VARIABLES, parseKnownDeployment } from '../../src/config/knownDeployment.ts'
import { legacyClaimAbi, vestingAbi } from '../../src/generated.ts'
import { holderAddress, OTHER_KEY, startTestChain, type TestChain } from '../../testing/testChain.ts'
import { MULTICALL3_ADDRESS } from '../lib/deploy.ts'
import { runInProcess, runProcess, toolEnv } from './run-tool.ts'

let chain: TestChain
const other = privateKeyToAccount(OTHER_KEY).address
const keystorePath = fileURLToPath(new URL('./fixtures/owner.keystore.json', import.meta.url))

beforeAll(async () => {
  chain = await startTestChain()
})

afterAll(async () => {
  await chain?.stop()
})

const env = (overrides: Record<string, string> = {}) => toolEnv(chain, overrides)
const firstLine = (text: string) => text.split('\n')[0]

function nonce(address: Address): Promise<number> {
  return chain.clients.public.getTransactionCount({ address })
}

/** The value of `NAME=value` among printed environment lines. */
function envLine(output: string, name: string): string {
  const line = output.split('\n').find((candidate) => candidate.startsWith(`${name}=`))
  if (!line) throw new Error(`${name} was not printed:\n${output}`)
  return line.slice(name.length + 1)
}

const SCHEDULE = [
  '--claim-start',
  '2030-01-01T00:00:00Z',
  '--claim-end',
  '2030-01-15',
  '--unlock-start',
  '2031-01-15T02:00:00+02:00',
  '--unlock-end',
  '1957305600',
]

describe('deploy', () => {
  it('refuses an invalid schedule, a time without a zone and a token that is not an ERC-20 before sending', async () => {
    const before = await nonce(chain.owner)
    // A time given again replaces the one in SCHEDULE: the last value of an option counts.
    const deploy = (...times: string[]) =>
      runInProcess(['deploy', '--token', chain.token, ...SCHEDULE, ...times, '--send'], env())
    const backwards = await deploy('--claim-end', '2029-12-31')
    expect(backwards.code).toBe(2)
    expect(backwards.err).toBe(
      'Invalid schedule: the claim window must end after it starts (claim-start < claim-end). Nothing was sent.',
    )
    const overlapping = await deploy('--unlock-start', '2030-01-14')
    expect(overlapping.err).toBe(
      'Invalid schedule: the unlock cannot start before the claim window ends (claim-end <= unlock-start). Nothing was sent.',
    )
    const zoneless = await deploy('--claim-start', '2030-01-01T00:00:00')
    expect(zoneless.code).toBe(2)
    expect(zoneless.err).toContain(
      `error: option '--claim-start <TIME>' argument '2030-01-01T00:00:00' is invalid. "2030-01-01T00:00:00" is not a time`,
    )
    const notToken = await runInProcess(['deploy', '--token', chain.vesting, ...SCHEDULE, '--send'], env())
    expect(notToken.code).toBe(2)
    expect(notToken.err).toBe(`${chain.vesting} does not answer decimals(): is it an ERC-20 token?`)
    expect(await nonce(chain.owner)).toBe(before)
  })

  it('shows the schedule and gas in a dry run and sends nothing', async () => {
    const before = await nonce(chain.owner)
    const dry = await runInProcess(['deploy', '--token', chain.token, ...SCHEDULE], env())
    expect(dry.code).toBe(0)
    expect(dry.out).toContain('  claim window   2030-01-01T00:00:00Z (1893456000) → 2030-01-15T00:00:00Z (1894665600)')
    expect(dry.out).toContain('  locked until   2031-01-15T00:00:00Z (1926201600)')
    expect(dry.out).toContain('  unlock ends    2032-01-10T00:00:00Z (1957305600)')
    expect(dry.out).toContain('LegacyClaim claim start 2030-01-01T00:00:00Z (1893456000)')
    expect(dry.out).toMatch(/Deploying Vesting: ~[\d,]+ gas/)
    expect(dry.out).toMatch(/Deploying LegacyClaim: ~[\d,]+ gas/)
    expect(dry.out).toContain('Dry run: nothing was sent. Run again with --send to deploy.')
    expect(await nonce(chain.owner)).toBe(before)
  })

  it('deploys both through the real entry point and prints the environment the app and the tool need', async () => {
    const deployed = await runProcess(['deploy', '--token', chain.token, ...SCHEDULE, '--send'], env())
    expect(deployed.err).toBe('')
    expect(deployed.code).toBe(0)
    expect(envLine(deployed.out, 'VITE_CHAIN_ID')).toBe('31337')
    const vesting = getAddress(envLine(deployed.out, 'VITE_VESTING_ADDRESS'))
    const legacy = getAddress(envLine(deployed.out, 'VITE_LEGACY_ADDRESS'))
    expect(envLine(deployed.out, 'ADMIN_VESTING_ADDRESS')).toBe(vesting)
    expect(envLine(deployed.out, 'ADMIN_RPC_URL')).toBe(chain.rpcUrl)
    const read = (functionName: 'claimStart' | 'claimEnd' | 'unlockStart' | 'unlockEnd') =>
      chain.clients.public.readContract({ address: vesting, abi: vestingAbi, functionName })
    expect(await Promise.all([read('claimStart'), read('claimEnd'), read('unlockStart'), read('unlockEnd')])).toEqual([
      1893456000n,
      1894665600n,
      1926201600n,
      1957305600n,
    ])
    expect(
      await chain.clients.public.readContract({ address: legacy, abi: legacyClaimAbi, functionName: 'claimStart' }),
    ).toBe(1893456000n)
    expect(await chain.clients.public.readContract({ address: vesting, abi: vestingAbi, functionName: 'owner' })).toBe(
      chain.owner,
    )
    // The printed from-blocks are exactly where the code appears.
    for (const [address, name] of [
      [vesting, 'ADMIN_VESTING_FROM_BLOCK'],
      [legacy, 'ADMIN_LEGACY_FROM_BLOCK'],
    ] as const) {
      const block = BigInt(envLine(deployed.out, name))
      expect(await chain.clients.public.getCode({ address, blockNumber: block })).not.toBeUndefined()
      expect(await chain.clients.public.getCode({ address, blockNumber: block - 1n })).toBeUndefined()
    }
    // The app's statement reads history from the first of the two.
    expect(envLine(deployed.out, 'VITE_DEPLOYMENT_BLOCK')).toBe(envLine(deployed.out, 'ADMIN_VESTING_FROM_BLOCK'))
    // The deployment's facts a build may carry, as the app reads them.
    const facts = parseKnownDeployment(
      Object.fromEntries(
        Object.values(KNOWN_DEPLOYMENT_VARIABLES).map((variable) => [variable, envLine(deployed.out, variable)]),
      ),
    )
    expect(facts).toEqual({
      ok: true,
      deployment: {
        token: getAddress(chain.token),
        schedule: { claimStart: 1893456000n, claimEnd: 1894665600n, unlockStart: 1926201600n, unlockEnd: 1957305600n },
        legacyClaimStart: 1893456000n,
      },
    })
    const status = await runInProcess(
      ['status', '--json'],
      env({
        ADMIN_VESTING_ADDRESS: vesting,
        ADMIN_VESTING_FROM_BLOCK: envLine(deployed.out, 'ADMIN_VESTING_FROM_BLOCK'),
        ADMIN_LEGACY_ADDRESS: legacy,
        ADMIN_LEGACY_FROM_BLOCK: envLine(deployed.out, 'ADMIN_LEGACY_FROM_BLOCK'),
      }),
    )
    expect(status.code).toBe(0)
    expect(JSON.parse(status.out).vesting).toMatchObject({ phase: 'before', holders: 0, allocated: '0', solvent: true })
  })

  it('deploys LegacyClaim alone', async () => {
    const deployed = await runInProcess(
      ['deploy', '--token', chain.token, '--contracts', 'legacy', '--legacy-claim-start', '1893456000', '--send'],
      env(),
    )
    expect(deployed.code).toBe(0)
    expect(deployed.out).not.toContain('VITE_VESTING_ADDRESS')
    expect(deployed.out).not.toContain('VITE_CLAIM_END')
    expect(envLine(deployed.out, 'VITE_LEGACY_CLAIM_START')).toBe('1893456000')
    const legacy = getAddress(envLine(deployed.out, 'VITE_LEGACY_ADDRESS'))
    expect(
      await chain.clients.public.readContract({ address: legacy, abi: legacyClaimAbi, functionName: 'token' }),
    ).toBe(chain.token)
  })
})

describe('whitelist', () => {
  const isWhitelisted = (address: Address) =>
    chain.clients.public.readContract({
      address: chain.vesting,
      abi: vestingAbi,
      functionName: 'contractWhitelist',
      args: [address],
    })

  it('refuses an address without code and a bad flag', async () => {
    const eoa = holderAddress('whitelist', 1)
    const noCode = await runInProcess(['whitelist', eoa, 'true', '--send'], env())
    expect(noCode.code).toBe(2)
    expect(noCode.err).toBe(`${eoa} has no code: only contracts can be whitelisted (Vesting_NoCode). Nothing was sent.`)
    const badFlag = await runInProcess(['whitelist', MULTICALL3_ADDRESS, 'yes'], env())
    expect(badFlag.code).toBe(2)
    expect(firstLine(badFlag.err)).toBe(
      "error: command-argument value 'yes' is invalid for argument 'allowed'. Allowed choices are true, false.",
    )
  })

  it('dry-runs, then allows with the key from the environment and disallows with the keystore', async () => {
    const dry = await runInProcess(['whitelist', MULTICALL3_ADDRESS, 'true'], env())
    expect(dry.code).toBe(0)
    expect(dry.out).toContain(`setContractWhitelist(${MULTICALL3_ADDRESS}, true): ~`)
    expect(dry.out).toContain('Dry run: nothing was sent.')
    expect(await isWhitelisted(MULTICALL3_ADDRESS)).toBe(false)

    const allowed = await runInProcess(['whitelist', MULTICALL3_ADDRESS, 'true', '--send'], env())
    expect(allowed.code).toBe(0)
    expect(allowed.out).toContain(`${MULTICALL3_ADDRESS} is now whitelisted.`)
    expect(await isWhitelisted(MULTICALL3_ADDRESS)).toBe(true)

    const same = await runInProcess(['whitelist', MULTICALL3_ADDRESS, 'true', '--send'], env())
    expect(same.out).toContain('Nothing to change; nothing was sent.')

    const keystoreEnv = env({ ADMIN_PRIVATE_KEY: '', ADMIN_KEYSTORE_PASSWORD: 'correct horse battery staple' })
    const before = await nonce(chain.owner)
    const wrong = await runInProcess(['whitelist', MULTICALL3_ADDRESS, 'false', '--send', '--keystore', keystorePath], {
      ...keystoreEnv,
      ADMIN_KEYSTORE_PASSWORD: 'wrong',
    })
    expect(wrong.code).toBe(2)
    expect(wrong.err).toBe('Keystore: wrong password (the MAC does not match).')
    expect(await nonce(chain.owner)).toBe(before)

    const both = await runInProcess(
      ['whitelist', MULTICALL3_ADDRESS, 'false', '--send', '--keystore', keystorePath],
      env({ ADMIN_KEYSTORE_PASSWORD: 'x' }),
    )
    expect(both.code).toBe(2)
    expect(both.err).toContain('Both ADMIN_PRIVATE_KEY and a keystore are set')

    const disallowed = await runInProcess(
      ['whitelist', MULTICALL3_ADDRESS, 'false', '--send', '--keystore', keystorePath],
      keystoreEnv,
    )
    expect(disallowed.err).toBe('')
    expect(disallowed.code).toBe(0)
    expect(disallowed.out).toContain(`${MULTICALL3_ADDRESS} is now not whitelisted.`)
    expect(await isWhitelisted(MULTICALL3_ADDRESS)).toBe(false)
  })

  it('asks for a key only when sending', async () => {
    const noKey = await runInProcess(
      ['whitelist', MULTICALL3_ADDRESS, 'true', '--send'],
      env({ ADMIN_PRIVATE_KEY: '' }),
    )
    expect(noKey.code).toBe(2)
    expect(noKey.err).toContain('No key to sign with: set ADMIN_PRIVATE_KEY, or pass --keystore <file>')
    const dry = await runInProcess(['whitelist', MULTICALL3_ADDRESS, 'true'], env({ ADMIN_PRIVATE_KEY: '' }))
    expect(dry.code).toBe(0)
  })
})

describe('transfer-ownership', () => {
  const ownerOf = (address: Address) =>
    chain.clients.public.readContract({ address, abi: vestingAbi, functionName: 'owner' })
  const pendingOwnerOf = (address: Address) =>
    chain.clients.public.readContract({ address, abi: vestingAbi, functionName: 'pendingOwner' })

  it('needs an explicit contract and a checksummed owner', async () => {
    const missing = await runInProcess(['transfer-ownership', other], env())
    expect(missing.code).toBe(2)
    expect(firstLine(missing.err)).toBe("error: required option '--contract <WHICH>' not specified")
    const all = await runInProcess(['transfer-ownership', other, '--contract', 'all'], env())
    expect(all.code).toBe(2)
    expect(firstLine(all.err)).toBe(
      "error: option '--contract <WHICH>' argument 'all' is invalid. Allowed choices are vesting, legacy, both.",
    )
    const lower = await runInProcess(['transfer-ownership', other.toLowerCase(), '--contract', 'both'], env())
    expect(lower.code).toBe(2)
    expect(firstLine(lower.err)).toBe(
      `error: command-argument value '${other.toLowerCase()}' is invalid for argument 'address'. ${other.toLowerCase()} is not in checksum form (expected ${other}).`,
    )
    const zero = await runInProcess(
      ['transfer-ownership', '0x0000000000000000000000000000000000000000', '--contract', 'both'],
      env(),
    )
    expect(firstLine(zero.err)).toMatch(
      /is invalid for argument 'address'\. the zero address cannot own a contract \(renouncing ownership is not offered\)\.$/,
    )
  })

  it('warns about a fresh address in a dry run, says how the new owner accepts, and changes nothing', async () => {
    const fresh = holderAddress('fresh-owner', 1)
    const dry = await runInProcess(['transfer-ownership', fresh, '--contract', 'both'], env())
    expect(dry.code).toBe(0)
    expect(dry.err).toContain(`warning: ${fresh} has no code and has never sent a transaction.`)
    expect(dry.out).toContain(
      `Vesting ${chain.vesting}: transferOwnership (propose) from ${chain.owner} to ${fresh}: ~`,
    )
    expect(dry.out).toContain(
      `LegacyClaim ${chain.legacy}: transferOwnership (propose) from ${chain.owner} to ${fresh}: ~`,
    )
    expect(dry.out).toContain(
      `After --send, to complete the transfer, the new owner ${fresh} accepts with its own key:\n  npm run admin -- accept-ownership --contract both --vesting ${chain.vesting} --legacy ${chain.legacy} --rpc-url <URL> --send`,
    )
    expect(await ownerOf(chain.vesting)).toBe(chain.owner)
    expect(await pendingOwnerOf(chain.vesting)).toBe(zeroAddress)
  })

  it('proposes LegacyClaim to a new owner, who accepts it; refuses keys that may not act', async () => {
    const proposed = await runInProcess(['transfer-ownership', other, '--contract', 'legacy', '--send'], env())
    expect(proposed.code).toBe(0)
    expect(proposed.out).toContain(
      `LegacyClaim ${chain.legacy}: ${other} is proposed; ${chain.owner} stays the owner until then.`,
    )
    expect(proposed.out).toContain(
      `To complete the transfer, the new owner ${other} accepts with its own key:\n  npm run admin -- accept-ownership --contract legacy --legacy ${chain.legacy} --rpc-url <URL> --send`,
    )
    expect(await ownerOf(chain.legacy)).toBe(chain.owner)
    expect(await pendingOwnerOf(chain.legacy)).toBe(other)

    const again = await runInProcess(['transfer-ownership', other, '--contract', 'legacy', '--send'], env())
    expect(again.code).toBe(0)
    expect(again.out).toContain(
      `LegacyClaim ${chain.legacy}: ${other} is already proposed and has yet to accept; skipped.`,
    )
    expect(again.out).toContain('Nothing to change; nothing was sent.')

    const notOwner = await runInProcess(
      ['transfer-ownership', other, '--contract', 'vesting', '--send'],
      env({ ADMIN_PRIVATE_KEY: OTHER_KEY }),
    )
    expect(notOwner.code).toBe(2)
    expect(notOwner.err).toBe(
      `${other} is not the owner of ${chain.vesting} (the owner is ${chain.owner}); nothing was sent.`,
    )

    const notPending = await runInProcess(['accept-ownership', '--contract', 'legacy', '--send'], env())
    expect(notPending.code).toBe(2)
    expect(notPending.err).toBe(
      `${chain.owner} is not the pending owner of ${chain.legacy} (the pending owner is ${other}); nothing was sent.`,
    )
    const nothingPending = await runInProcess(
      ['accept-ownership', '--contract', 'vesting', '--send'],
      env({ ADMIN_PRIVATE_KEY: OTHER_KEY }),
    )
    expect(nothingPending.code).toBe(2)
    expect(nothingPending.err).toBe(
      `No ownership transfer of Vesting ${chain.vesting} is pending: its owner ${chain.owner} proposes one with transfer-ownership. Nothing was sent.`,
    )

    const before = await nonce(other)
    const dryAccept = await runInProcess(
      ['accept-ownership', '--contract', 'legacy'],
      env({ ADMIN_PRIVATE_KEY: OTHER_KEY }),
    )
    expect(dryAccept.code).toBe(0)
    expect(dryAccept.out).toContain(
      `LegacyClaim ${chain.legacy}: acceptOwnership by ${other} (owner now ${chain.owner}): ~`,
    )
    expect(dryAccept.out).toContain('Dry run: nothing was sent. Run again with --send.')
    expect(await nonce(other)).toBe(before)

    const accepted = await runInProcess(
      ['accept-ownership', '--contract', 'legacy', '--send'],
      env({ ADMIN_PRIVATE_KEY: OTHER_KEY }),
    )
    expect(accepted.code).toBe(0)
    expect(accepted.out).toContain(`LegacyClaim ${chain.legacy} is now owned by ${other}.`)
    expect(await ownerOf(chain.legacy)).toBe(other)
    expect(await pendingOwnerOf(chain.legacy)).toBe(zeroAddress)
    expect(await ownerOf(chain.vesting)).toBe(chain.owner)
    const rerun = await runInProcess(
      ['accept-ownership', '--contract', 'legacy', '--send'],
      env({ ADMIN_PRIVATE_KEY: OTHER_KEY }),
    )
    expect(rerun.code).toBe(0)
    expect(rerun.out).toBe(
      `LegacyClaim ${chain.legacy} is already owned by ${other}; skipped.\nNothing to change; nothing was sent.`,
    )

    // And back: the new owner proposes the old one, who accepts.
    const back = await runInProcess(
      ['transfer-ownership', chain.owner, '--contract', 'legacy', '--send'],
      env({ ADMIN_PRIVATE_KEY: OTHER_KEY }),
    )
    expect(back.code).toBe(0)
    expect((await runInProcess(['accept-ownership', '--contract', 'legacy', '--send'], env())).code).toBe(0)
    expect(await ownerOf(chain.legacy)).toBe(chain.owner)
  })
})

describe('help', () => {
  it('lists the commands and explains each one', async () => {
    const general = await runInProcess(['--help'], {})
    expect(general.code).toBe(0)
    const commands = [
      'deploy',
      'add-claims',
      'add-legacy-claims',
      'whitelist',
      'transfer-ownership',
      'accept-ownership',
      'status',
    ]
    for (const command of commands) {
      expect(general.out).toContain(`  ${command} `)
    }
    expect(general.out).toContain('Exit codes: 0 done; 1 failed (revert, RPC, accounting mismatch); 2 refused')
    const addClaims = await runInProcess(['add-claims', '--help'], {})
    expect(addClaims.code).toBe(0)
    expect(addClaims.out).toContain('Usage: npm run admin -- add-claims [options] <csv>')
    expect(addClaims.out).toContain('(env: ADMIN_RPC_URL)')
    // Help is wrapped to its width; the words are what matters.
    const words = addClaims.out.replace(/\s+/g, ' ')
    expect(words).toContain(
      '--gas-share <FRACTION> Largest share of the block gas limit one batch may use. (default: 0.25)',
    )
    expect(words).toContain('the ClaimAdded events since the deployment block are the record of what was loaded')
    const unknown = await runInProcess(['load'], {})
    expect(unknown.code).toBe(2)
    expect(unknown.err).toContain("error: unknown command 'load'")
    const none = await runInProcess([], {})
    expect(none.code).toBe(2)
    expect(none.err).toContain('Usage: npm run admin -- [options] [command]')
  })
})
