// Moved: the data hooks live in src/hooks/remote.ts, toneOf in src/utils/format.ts.
export { useRemote, usePaged, type LoadState, type Page } from '@/hooks/remote'
export { toneOf } from '@/utils/format'
