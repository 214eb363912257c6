import password from '@inquirer/password'
import { RefusedError } from './errors.ts'

/**
 * Asks for the keystore password on the terminal without echoing it. Refuses when stdin is not a terminal: a
 * script sets ADMIN_KEYSTORE_PASSWORD instead of piping a password in.
 */
export async function promptPassword(
  question: string,
  input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
  output: NodeJS.WritableStream = process.stderr,
): Promise<string> {
  if (!input.isTTY) {
    throw new RefusedError(
      'No terminal to ask for the keystore password: set ADMIN_KEYSTORE_PASSWORD for non-interactive use.',
    )
  }
  try {
    return await password({ message: question, toggleMask: false }, { input, output })
  } catch (error) {
    // Ctrl+C ends the prompt with ExitPromptError.
    if (error instanceof Error && error.name === 'ExitPromptError') throw new RefusedError('Cancelled.')
    throw error
  }
}
