import { makeAutoObservable, reaction } from '@/utils/observable'
import { decodeTokenPayload } from '@/utils/token'
import { answerCache } from './answerCache'
import { tokenPersistence, type TokenPersistence } from './token'

/** The signed-in user (spec section 3: current user userId) and the token that proves it. */
export class UserStore {
  token: string | null = null
  userId: string | null = null

  constructor(private readonly persistence: Pick<TokenPersistence, 'save' | 'clear'> = tokenPersistence) {
    makeAutoObservable<UserStore, 'persistence'>(this, ['persistence'])
  }

  /** Logged in means a token is present (spec section 6). */
  get isLogin(): boolean {
    return this.token !== null
  }

  /** Login stores the token. */
  login(token: string) {
    this.persistence.save(token)
    this.token = token
    const sub = decodeTokenPayload(token)?.sub
    this.userId = typeof sub === 'string' ? sub : this.userId
  }

  /** Adopts a token already in storage (start-up), without saving it again. */
  restore(token: string) {
    this.token = token
    const sub = decodeTokenPayload(token)?.sub
    this.userId = typeof sub === 'string' ? sub : null
  }

  setUserId(userId: string | null) {
    this.userId = userId
  }

  /** Logout clears user and token, in memory and in storage. */
  logout() {
    this.token = null
    this.userId = null
    this.persistence.clear()
  }
}

export const user = new UserStore()

// A user's kept answers never outlive the session: logout (or a 401) forgets them all.
reaction(
  () => user.token,
  (token) => {
    if (!token) answerCache.clearUsers()
  },
)
