import { answerCache } from '@/services/answerCache'
import { unmountAll } from './mounted'

// Screens keep their last answers in storage: each test starts without an earlier test's.
beforeEach(() => answerCache.clear())
// A page of an earlier test is not left reacting to this test's logins and answers.
afterEach(() => unmountAll())
