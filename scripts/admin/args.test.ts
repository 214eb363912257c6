import { describe, expect, it } from 'vitest'
import { type CommandSpec, optionOrEnv, parseArgs, renderHelp } from './args.ts'

const spec: CommandSpec = {
  name: 'add-claims',
  summary: 'Load claims.',
  positionals: [
    { name: 'csv', description: 'The file.' },
    { name: 'extra', description: 'Optional.', optional: true },
  ],
  options: [
    { name: 'rpc-url', kind: 'string', value: 'URL', description: 'RPC.', env: 'ADMIN_RPC_URL' },
    { name: 'send', kind: 'boolean', description: 'Send.' },
  ],
  notes: ['Some note.'],
}

describe('parseArgs', () => {
  it('reads positionals, --name value, --name=value and flags', () => {
    const args = parseArgs(['claims.csv', '--rpc-url', 'http://x', '--send'], spec)
    expect(args.positionals).toEqual(['claims.csv'])
    expect(args.strings.get('rpc-url')).toBe('http://x')
    expect(args.flags.has('send')).toBe(true)
    expect(parseArgs(['--rpc-url=http://y', 'a.csv', 'b'], spec).strings.get('rpc-url')).toBe('http://y')
    expect(parseArgs(['--', '--weird.csv'], spec).positionals).toEqual(['--weird.csv'])
  })

  it('refuses typos, repeats, missing values and values on flags', () => {
    expect(() => parseArgs(['a.csv', '--sned'], spec)).toThrow('Unknown option --sned for "add-claims".')
    expect(() => parseArgs(['a.csv', '-s'], spec)).toThrow('Unknown option -s.')
    expect(() => parseArgs(['a.csv', '--send', '--send'], spec)).toThrow('--send is given twice.')
    expect(() => parseArgs(['a.csv', '--rpc-url'], spec)).toThrow('--rpc-url needs a value (URL).')
    expect(() => parseArgs(['a.csv', '--rpc-url', '--send'], spec)).toThrow('--rpc-url needs a value (URL).')
    expect(() => parseArgs(['a.csv', '--send=yes'], spec)).toThrow('--send takes no value.')
  })

  it('refuses secrets on the command line with a pointer to the safe ways', () => {
    for (const name of ['--private-key', '--key', '--password', '--mnemonic']) {
      expect(() => parseArgs(['a.csv', name, '0xabc'], spec)).toThrow(
        'keys and passwords are never taken from the command line',
      )
    }
  })

  it('checks the number of positionals unless help is asked for', () => {
    expect(() => parseArgs([], spec)).toThrow('Usage: add-claims <csv> [extra].')
    expect(() => parseArgs(['a', 'b', 'c'], spec)).toThrow('Usage: add-claims <csv> [extra].')
    expect(parseArgs(['--help'], spec).help).toBe(true)
    expect(parseArgs(['-h'], spec).help).toBe(true)
  })

  it('falls back to the environment variable, and the command line wins', () => {
    const env = { ADMIN_RPC_URL: 'http://env' }
    expect(optionOrEnv(parseArgs(['a.csv'], spec), spec, 'rpc-url', env)).toBe('http://env')
    expect(optionOrEnv(parseArgs(['a.csv', '--rpc-url', 'http://flag'], spec), spec, 'rpc-url', env)).toBe(
      'http://flag',
    )
    expect(optionOrEnv(parseArgs(['a.csv'], spec), spec, 'rpc-url', { ADMIN_RPC_URL: '  ' })).toBeUndefined()
  })

  it('renders help with arguments, options, environment variables and notes', () => {
    const help = renderHelp('admin', spec)
    expect(help).toContain('Usage: admin add-claims <csv> [extra] [options]')
    expect(help).toContain('  csv                         The file.')
    expect(help).toContain('  --rpc-url URL               RPC. [env: ADMIN_RPC_URL]')
    expect(help).toContain('  --send                      Send.')
    expect(help).toContain('  --help                      Show this help.')
    expect(help).toContain('Some note.')
  })
})
