import type { Database } from '../db'

/** 138****0000: a phone number as the app shows it. */
export const maskPhone = (phone: string | null) => (phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : null)

export async function userById(database: Database, userId: string) {
  const [user] = await database.query<{ userId: string; nickname: string; avatarUrl: string | null; phone: string | null; createdAt: Date }>(
    'select user_id as "userId", nickname, avatar_url as "avatarUrl", phone, created_at as "createdAt" from users where user_id = $1', [userId])
  return user
}
