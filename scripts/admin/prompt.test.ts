import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { promptPassword } from './prompt.ts'

/** A terminal's input and output as streams: keys typed into one, the screen read from the other. */
function terminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true })
  const output = new PassThrough()
  let screen = ''
  output.on('data', (chunk: Buffer) => {
    screen += chunk.toString()
  })
  // Keys are typed once the question is on the screen and the prompt listens, as a person would type them.
  const type = (keys: string) => output.once('data', () => setImmediate(() => input.write(keys)))
  return { input, output, type, screen: () => screen }
}

describe('promptPassword', () => {
  it('reads the typed password without echoing it', async () => {
    const tty = terminal()
    tty.type('s3cret pass\r')
    const answer = promptPassword('Password for owner.json:', tty.input, tty.output)
    expect(await answer).toBe('s3cret pass')
    expect(tty.screen()).toContain('Password for owner.json:')
    expect(tty.screen()).not.toContain('s3cret')
  })

  it('treats Ctrl+C as a refusal, and refuses when there is no terminal', async () => {
    const tty = terminal()
    tty.type('\u0003')
    const cancelled = promptPassword('Password:', tty.input, tty.output)
    await expect(cancelled).rejects.toThrow('Cancelled.')
    await expect(promptPassword('Password:', new PassThrough(), new PassThrough())).rejects.toThrow(
      'No terminal to ask for the keystore password: set ADMIN_KEYSTORE_PASSWORD for non-interactive use.',
    )
  })
})
