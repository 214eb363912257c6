import type { ConfigError } from './env'

/** Shown instead of the app when the build's configuration is missing or malformed. */
export function ConfigErrorPage({ errors }: { errors: ConfigError[] }) {
  return (
    <main className="config-error" role="alert">
      <h1>Configuration error</h1>
      <p>This build of the NAI Vesting & Claim Portal is not configured correctly, so it cannot show any data.</p>
      <ul>
        {errors.map((error) => (
          <li key={error.variable}>
            <code>{error.variable}</code>: {error.message}
          </li>
        ))}
      </ul>
      <p>Set the variables above in the build environment and build again.</p>
    </main>
  )
}
