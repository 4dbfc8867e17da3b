// The account (login) feature: what page shells and other features may use.
export { LoginScreen, type LoginScreenProps } from './LoginScreen'
export { FollowedScreen, FOLLOWED_KEY, FOLLOWED_PAGE_SIZE } from './followed/FollowedScreen'
