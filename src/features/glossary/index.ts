// The fund glossary feature: what page shells and other features may use.
export { GlossaryScreen } from './GlossaryScreen'
