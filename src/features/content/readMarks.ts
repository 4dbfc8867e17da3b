import { makeAutoObservable, reaction } from '@/utils/observable'
import { execute } from '@/services/graphql'
import { MarkArticleReadDocument } from '@/services/generated/graphql'
import { hostStorage } from '@/services/storage'
import { user } from '@/services/user'
import type { KeyValueBackend } from '@/utils/expiringStorage'

/** Where an anonymous reader's marks are kept on the device. */
export const DEVICE_READS_KEY = 'alfa:articleReads'
/** The device keeps the most recent marks only. */
export const MAX_DEVICE_READS = 500

/** The services the marks use, replaceable in tests. */
export interface ReadMarkDeps {
  storage: KeyValueBackend
  isLogin: () => boolean
  markOnServer: (articleId: string) => Promise<unknown>
}

const defaultDeps: ReadMarkDeps = {
  storage: hostStorage,
  isLogin: () => user.isLogin,
  markOnServer: (articleId) => execute(MarkArticleReadDocument, { articleId }),
}

function readStored(storage: KeyValueBackend): string[] {
  const raw = storage.get(DEVICE_READS_KEY)
  return Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string').slice(-MAX_DEVICE_READS) : []
}

/**
 * Which articles the reader has read. A signed-in reader's marks live on the server (the list
 * answers `isRead`); an anonymous reader's on this device. The view merges them: an article is
 * read when either says so, and when it was marked in this session (a list kept from before
 * the mark does not know of it yet).
 */
export class ReadMarks {
  /** Marked on this device, oldest first. */
  device: string[]
  /** Marked on the server in this session. */
  readonly session = new Set<string>()

  constructor(private readonly deps: ReadMarkDeps = defaultDeps) {
    this.device = readStored(deps.storage)
    makeAutoObservable<ReadMarks, 'deps'>(this, ['deps'])
  }

  /** Read, by the server's answer (`isRead` of the signed-in reader) or by this device and session. */
  isRead(articleId: string, serverSays?: boolean | null): boolean {
    return !!serverSays || this.session.has(articleId) || this.device.includes(articleId)
  }

  /**
   * Marks an article read (it was opened): on the server for a signed-in reader, on the device
   * otherwise, and on the device too when the server cannot be told (offline).
   */
  markRead(articleId: string): Promise<void> {
    if (!this.deps.isLogin()) {
      this.remember(articleId)
      return Promise.resolve()
    }
    this.session.add(articleId)
    return this.deps.markOnServer(articleId).then(
      () => undefined,
      () => this.remember(articleId),
    )
  }

  /** Keeps a mark on the device. */
  remember(articleId: string) {
    if (this.device[this.device.length - 1] === articleId) return
    this.device = [...this.device.filter((id) => id !== articleId), articleId].slice(-MAX_DEVICE_READS)
    this.deps.storage.set(DEVICE_READS_KEY, this.device)
  }

  /** Forgets the session's server marks (logout: they were another reader's). */
  forgetSession() {
    this.session.clear()
  }
}

export const readMarks = new ReadMarks()

reaction(
  () => user.token,
  (token) => {
    if (!token) readMarks.forgetSession()
  },
)
