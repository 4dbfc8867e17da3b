import { GraphQLError } from 'graphql'

/** A refused argument: the client sees the message with code BAD_USER_INPUT. */
export function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } })
}

/** No (valid) login: the app starts its login flow on code UNAUTHENTICATED (spec section 8). */
export function unauthenticated(message = '请先进行登录'): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED' } })
}
