/** An environment value, trimmed; a value that is empty after trimming counts as not set. */
export function read(env: Record<string, string | undefined>, variable: string): string | undefined {
  const value = env[variable]?.trim()
  return value ? value : undefined
}
