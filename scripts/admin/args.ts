import { RefusedError } from './errors.ts'

export type OptionSpec = {
  name: string
  kind: 'string' | 'boolean'
  description: string
  /** Placeholder shown in help, e.g. URL. */
  value?: string
  /** Environment variable read when the option is absent (resolved by the command). */
  env?: string
}

export type PositionalSpec = { name: string; description: string; optional?: boolean }

export type CommandSpec = {
  name: string
  summary: string
  positionals: readonly PositionalSpec[]
  options: readonly OptionSpec[]
  /** Paragraphs printed after the options in `--help`. */
  notes?: readonly string[]
}

export type ParsedArgs = {
  positionals: string[]
  strings: ReadonlyMap<string, string>
  flags: ReadonlySet<string>
  help: boolean
}

/** Option names that would put a secret into shell history and process listings. */
const SECRET_OPTION = /key|mnemonic|password|secret|seed/i

/**
 * Parses `argv` against a command's options: `--name value`, `--name=value`, boolean `--flag`, positionals, and
 * `--` to end options. Unknown, repeated or valueless options are refused, so a typo such as `--sned` can never
 * fall back silently to some other behaviour.
 */
export function parseArgs(argv: readonly string[], spec: CommandSpec): ParsedArgs {
  const strings = new Map<string, string>()
  const flags = new Set<string>()
  const positionals: string[] = []
  let help = false
  let optionsEnded = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (optionsEnded || !arg.startsWith('-') || arg === '-') {
      positionals.push(arg)
      continue
    }
    if (arg === '--') {
      optionsEnded = true
      continue
    }
    if (arg === '--help' || arg === '-h') {
      help = true
      continue
    }
    if (!arg.startsWith('--')) throw new RefusedError(`Unknown option ${arg}. Run with --help for the options.`)
    const body = arg.slice(2)
    const equals = body.indexOf('=')
    const name = equals === -1 ? body : body.slice(0, equals)
    const option = spec.options.find((candidate) => candidate.name === name)
    if (!option) {
      if (SECRET_OPTION.test(name)) {
        throw new RefusedError(
          `--${name}: keys and passwords are never taken from the command line (they would end up in shell history). Use ADMIN_PRIVATE_KEY or --keystore with ADMIN_KEYSTORE_PASSWORD or the password prompt.`,
        )
      }
      throw new RefusedError(`Unknown option --${name} for "${spec.name}". Run with --help for the options.`)
    }
    if (strings.has(name) || flags.has(name)) throw new RefusedError(`--${name} is given twice.`)
    if (option.kind === 'boolean') {
      if (equals !== -1) throw new RefusedError(`--${name} takes no value.`)
      flags.add(name)
      continue
    }
    let value: string | undefined
    if (equals !== -1) value = body.slice(equals + 1)
    else {
      const next = argv[i + 1]
      if (next !== undefined && !next.startsWith('--')) {
        value = next
        i++
      }
    }
    if (value === undefined || value === '')
      throw new RefusedError(`--${name} needs a value (${option.value ?? 'VALUE'}).`)
    strings.set(name, value)
  }
  if (!help) {
    const required = spec.positionals.filter((positional) => !positional.optional)
    if (positionals.length < required.length || positionals.length > spec.positionals.length) {
      const usage = spec.positionals.map((p) => (p.optional ? `[${p.name}]` : `<${p.name}>`)).join(' ')
      throw new RefusedError(`Usage: ${spec.name} ${usage}. Run with --help for details.`)
    }
  }
  return { positionals, strings, flags, help }
}

/** The option's value from the command line, else from its environment variable. */
export function optionOrEnv(
  args: ParsedArgs,
  spec: CommandSpec,
  name: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const given = args.strings.get(name)
  if (given !== undefined) return given
  const variable = spec.options.find((option) => option.name === name)?.env
  const fromEnv = variable ? env[variable]?.trim() : undefined
  return fromEnv === '' ? undefined : fromEnv
}

function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/)) {
    if (current && current.length + word.length + 1 > width) {
      lines.push(current)
      current = word
    } else current = current ? `${current} ${word}` : word
  }
  if (current) lines.push(current)
  return lines.map((line, i) => (i === 0 ? line : indent + line))
}

/** `--help` text for a command. */
export function renderHelp(program: string, spec: CommandSpec): string {
  const usage = [program, spec.name, ...spec.positionals.map((p) => (p.optional ? `[${p.name}]` : `<${p.name}>`))]
  const lines = [`Usage: ${usage.join(' ')} [options]`, '', ...wrap(spec.summary, 100, ''), '']
  if (spec.positionals.length > 0) {
    lines.push('Arguments:')
    for (const positional of spec.positionals) {
      lines.push(`  ${positional.name.padEnd(27)} ${wrap(positional.description, 72, ' '.repeat(30)).join('\n')}`)
    }
    lines.push('')
  }
  lines.push('Options:')
  const options: OptionSpec[] = [...spec.options, { name: 'help', kind: 'boolean', description: 'Show this help.' }]
  for (const option of options) {
    const label = option.kind === 'string' ? `--${option.name} ${option.value ?? 'VALUE'}` : `--${option.name}`
    const description = option.env ? `${option.description} [env: ${option.env}]` : option.description
    lines.push(`  ${label.padEnd(27)} ${wrap(description, 72, ' '.repeat(30)).join('\n')}`)
  }
  for (const note of spec.notes ?? []) lines.push('', ...wrap(note, 100, ''))
  return lines.join('\n')
}
