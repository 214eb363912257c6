import { i18n } from '@lingui/core'
import { messages } from './locales/en.po'

// Unit tests read the portal in English, its source language, as a browser set to English does.
i18n.loadAndActivate({ locale: 'en', messages })
