import path from 'node:path'

/** The repository root (test/e2e/lib is three levels down). */
export const ROOT = path.resolve(__dirname, '..', '..', '..')

/** Where screenshots and other artefacts go (gitignored). */
export const RESULTS_DIR = path.join(ROOT, 'test-results')
export const SCREENSHOT_DIR = path.join(RESULTS_DIR, 'screenshots')
