import { lingui } from '@lingui/vite-plugin'
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel'
import type { PluginOption } from 'vite'

/**
 * Lingui for the build and the unit tests: its catalogs (`.po`) compile when imported, and its macros compile through
 * Babel, in the files that import them only (React's Vite plugin no longer runs Babel itself). The macros keep each
 * message's English text out of the production build: a locale's catalog carries its messages.
 */
export function linguiPlugins(): PluginOption[] {
  const macros = defineRolldownBabelPreset({
    preset: () => ({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    rolldown: { filter: { code: /from ['"]@lingui\/(?:core|react)\/macro['"]/ } },
  })
  return [lingui(), babel({ presets: [macros] })]
}
