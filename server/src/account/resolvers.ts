import type { GraphQLContext as Ctx } from '../context'
import { requireUser } from '../graphql/context'
import { unauthenticated } from '../graphql/errors'
import { maskPhone, userById } from './data'
import type { Resolvers } from '../../generated/resolvers'

/** The signed-in user as the resolvers hand it down (other domains add fields: saved filters, follows, …). */
export interface UserParent {
  userId: string
  nickname: string | null
  avatarUrl: string | null
  phone: string | null
}

export const accountResolvers: Resolvers = {
  Query: {
    me: async (_: unknown, __: unknown, ctx: Ctx): Promise<UserParent> => {
      const user = await userById(ctx.database, requireUser(ctx))
      if (!user) throw unauthenticated()
      return { userId: user.userId, nickname: user.nickname, avatarUrl: user.avatarUrl, phone: maskPhone(user.phone) }
    },
  },
}
