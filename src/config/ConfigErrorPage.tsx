import { Trans } from '@lingui/react/macro'
import type { ConfigError } from './env'

/**
 * Shown instead of the app when the build's configuration is missing or malformed. Its fixed sentences are translated;
 * each variable's problem stays in the operator's words.
 */
export function ConfigErrorPage({ errors }: { errors: ConfigError[] }) {
  return (
    <main className="config-error" role="alert">
      <h1>
        <Trans>Configuration error</Trans>
      </h1>
      <p>
        <Trans>
          This build of the NAI Vesting & Claim Portal is not configured correctly, so it cannot show any data.
        </Trans>
      </p>
      <ul>
        {errors.map((error) => (
          <li key={error.variable}>
            <code>{error.variable}</code>: {error.message}
          </li>
        ))}
      </ul>
      <p>
        <Trans>Set the variables above in the build environment and build again.</Trans>
      </p>
    </main>
  )
}
