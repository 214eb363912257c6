import { defaultAssetName, defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config'

/** The brand colour the logo sits on; also the manifest's theme colour. */
const BRAND = '#0f766e'

/**
 * `npm run icons`: every PWA icon comes from the one source logo, `public/logo.svg`. The generated PNGs are written
 * to `public/icons/` and committed; run the command again after changing the logo.
 */
export default defineConfig({
  images: ['public/logo.svg'],
  preset: {
    ...minimal2023Preset,
    transparent: { ...minimal2023Preset.transparent, favicons: [[48, 'icons/favicon.ico']] },
    // Launchers crop maskable icons to a circle or squircle: keep the mark inside the safe zone on brand colour.
    maskable: { ...minimal2023Preset.maskable, padding: 0.3, resizeOptions: { background: BRAND } },
    apple: { ...minimal2023Preset.apple, padding: 0.2, resizeOptions: { background: BRAND } },
    assetName: (type, size) => `icons/${defaultAssetName(type, size)}`,
  },
})
