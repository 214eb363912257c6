import type { Plugin } from 'vite'

/** The comment that asks Chromium (V8 13.6 and later) to compile every function of a script as it loads. */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Marks the entry chunk for eager compilation. Nearly all of it runs as the page opens, so Chromium compiles it in
 * one pass on the background thread that parses it as it streams in, instead of function by function on the main
 * thread when each is first called. The hint must be the file's first line: it is added after every other plugin,
 * since Vite puts its preload helper at the top of the chunk in its own generateBundle step.
 */
export function eagerCompileEntry(): Plugin {
  return {
    name: 'nai:eager-compile-entry',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) chunk.code = `${EAGER_COMPILE_HINT}\n${chunk.code}`
        }
      },
    },
  }
}
