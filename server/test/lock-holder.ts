// A second process for server/test/lock.test.ts: locks the data folder given as the first argument
// (heartbeat every argv[3] ms), prints "locked", and holds it until it is killed or its stdin closes.
import { lockDataDir } from '../src/db/lock'

lockDataDir(process.argv[2], { heartbeatMs: Number(process.argv[3] ?? 5000) }).then(
  (release) => {
    process.stdout.write('locked\n')
    process.stdin.on('end', () => {
      release()
      process.exit(0)
    })
    process.stdin.resume()
  },
  (err: Error) => {
    process.stderr.write(`${err.message}\n`)
    process.exit(1)
  },
)
