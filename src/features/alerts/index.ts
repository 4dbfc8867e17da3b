// The alerts feature (issue #25): 净值提醒 of a fund and the 消息 list they arrive in.
export { MessagesScreen } from './MessagesScreen'
export { NavAlertScreen } from './NavAlertScreen'
