export { LoginScreen, type LoginScreenProps } from './LoginScreen'
