// The fund diagnosis feature: what page shells and other features may use.
export { DiagnosisEntry } from './DiagnosisEntry'
export { DiagnosisReport } from './DiagnosisReport'
