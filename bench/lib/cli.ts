import { Command } from 'commander'

/**
 * The benches take their settings from the environment, not from options; their command line still answers
 * `--help` with what they measure and those settings, and refuses anything else before a long run starts.
 */
export function readCommandLine(name: string, description: string, environment?: string): void {
  const command = new Command(name).description(description)
  if (environment) command.addHelpText('after', `\nEnvironment: ${environment}`)
  command.parse()
}
