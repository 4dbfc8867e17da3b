import { answerCache } from '@/services/answerCache'

// Screens keep their last answers in storage: each test starts without an earlier test's.
beforeEach(() => answerCache.clear())
