// The account (login) feature: what page shells and other features may use.
export { LoginScreen, type LoginScreenProps } from './LoginScreen'
