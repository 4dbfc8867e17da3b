import { UserInfoDocument, type UserInfoQuery } from './generated/graphql'
import { execute } from './graphql'
import { user } from './user'

/** The signed-in user's profile (UserInfo); UNAUTHENTICATED starts login like any other call. */
export async function loadUserInfo(): Promise<UserInfoQuery['me']> {
  const { me } = await execute(UserInfoDocument)
  user.setUserId(me.userId)
  return me
}
