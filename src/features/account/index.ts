// The account (login) feature: what page shells and other features may use.
export { LoginScreen } from './LoginScreen'
export { FollowedScreen } from './followed/FollowedScreen'
