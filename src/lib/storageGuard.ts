// Imported first by the entry: every later module may read storage as it loads.
import { fallBackToMemoryStorage } from './storageFallback'

fallBackToMemoryStorage()
