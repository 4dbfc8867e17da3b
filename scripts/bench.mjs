#!/usr/bin/env node
// @ts-check
// `npm run bench`: every benchmark of the repository in one run, one report (issue #24). Each part
// prints its own figure and the baseline it measured in the same run; this script runs them one
// after the other on a quiet machine, echoes their output, and writes the whole as Markdown with
// the date and the machine to test-results/bench-report.md (BENCH_REPORT=<file> to change).
// Parts: the API's GraphQL answers of three first screens against plain Fastify routes, on PGlite
// and PostgreSQL (on the machine's Node.js and on the pinned LTS), the server at scale (generated
// data in PostgreSQL, two instances, 50 clients; BENCH_SKIP_SCALE=1 skips it, BENCH_SCALES sets
// the scales, default 0.02,0.2: 104 s + 120 s on a busy 2-core machine; the full size,
// BENCH_SCALES=0.1,1, took 6.2 min), SQL statements per first screen, the mini-program package sizes (after
// `npm run build:all`; skipped without builds), the H5 chart's draw time of a 10-year series, Lighthouse
// mobile (BENCH_SKIP_LIGHTHOUSE=1 skips it), 基金对比 of four funds over 成立以来 and the 定投计算器's
// 10-year weekly plan (p50/p99 against 50 ms each).
// A part that fails is reported as failed; the script's exit code says whether every part ran.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ltsBinDir } from './runtime.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const out = process.env.BENCH_REPORT ?? path.join(root, 'test-results', 'bench-report.md')
const lts = ltsBinDir()
const ltsVersion = lts ? spawnSync(path.join(lts, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim() : null

/** @type {Array<{ title: string, command: string[], env?: Record<string, string>, when?: () => string | null }>} */
const parts = [
  {
    title: `API: three first screens, GraphQL against a plain route, PGlite and PostgreSQL (Node.js ${process.version})`,
    command: ['npx', 'tsx', 'server/bench/api.ts'],
  },
  {
    title: `API: three first screens, GraphQL against a plain route, PGlite and PostgreSQL (Node.js ${ltsVersion ?? 'LTS'}, the server's runtime)`,
    command: ['bash', 'scripts/with-lts.sh', 'npx', 'tsx', 'server/bench/api.ts'],
    when: () => (lts ? null : 'the pinned Node.js LTS is not installed (npm install)'),
  },
  {
    // The full size (BENCH_SCALES=0.1,1, about 1,000 and 10,000 funds) takes longer than a whole bench run should: npm run bench:scale.
    title: `Scale: generated data in PostgreSQL, two instances behind one address, 50 clients (SCALE ${process.env.BENCH_SCALES ?? '0.02,0.2'})`,
    command: ['npm', 'run', 'bench:scale'],
    env: { BENCH_SCALES: process.env.BENCH_SCALES ?? '0.02,0.2' },
    when: () => (process.env.BENCH_SKIP_SCALE ? 'BENCH_SKIP_SCALE is set' : null),
  },
  {
    title: '基金对比: four funds over 成立以来 on the server, p50/p99 (budget p99 50 ms)',
    command: ['npm', 'run', 'bench:compare'],
  },
  {
    title: '定投计算器: a 10-year weekly plan, one request at a time (p50/p99; budget p99 50 ms)',
    command: ['npm', 'run', 'bench:aip'],
  },
  {
    title: 'SQL statements per first screen (cold and warm; budget per screen, goal 4)',
    command: ['node', '--import', 'tsx', '--test', '--test-force-exit', 'server/test/statements.test.ts'],
    env: { STATEMENTS_REPORT: '1' },
  },
  {
    title: 'Mini-program package sizes (WeChat and Baidu builds)',
    command: ['node', 'test/platform/package-sizes.js'],
    when: () =>
      fs.existsSync(path.join(root, 'dist/weapp/app.json')) && fs.existsSync(path.join(root, 'dist/swan/app.json'))
        ? null
        : 'no dist/weapp and dist/swan: run `npm run build:all` first',
  },
  {
    title: 'H5 chart: a 10-year daily NAV with its benchmark against a 16 ms frame (baseline: 1 year)',
    command: ['npm', 'run', 'bench:chart'],
  },
  {
    title: 'Lighthouse mobile (median of 3 per page)',
    command: ['npm', 'run', 'bench:lighthouse'],
    when: () => (process.env.BENCH_SKIP_LIGHTHOUSE ? 'BENCH_SKIP_LIGHTHOUSE is set' : null),
  },
]

const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}`
const lines = [
  `# Alfa benchmark report`,
  '',
  `- date: ${new Date().toISOString()}`,
  `- machine: ${machine}`,
  `- Node.js: ${process.version} (tools)${ltsVersion ? `, ${ltsVersion} (server runtime)` : ''}`,
  `- load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
  '',
]
let failed = 0
for (const part of parts) {
  const skip = part.when?.()
  console.log(`\n== ${part.title}`)
  lines.push(`## ${part.title}`, '')
  if (skip) {
    console.log(`skipped: ${skip}`)
    lines.push(`skipped: ${skip}`, '')
    continue
  }
  const started = Date.now()
  const r = spawnSync(part.command[0], part.command.slice(1), {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...part.env },
    maxBuffer: 64 * 1024 * 1024,
  })
  // The test runner's TAP prints a report line as a comment; the figures are what matter here.
  const text = `${r.stdout}${r.stderr}`
    .split('\n')
    .filter(
      (l) =>
        !/^\s*(TAP version|# Subtest|ok \d|not ok \d|1\.\.\d|---|\.\.\.|duration_ms|type: |# (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) )/.test(
          l,
        ),
    )
    .map((l) => l.replace(/^# /, ''))
    .join('\n')
    .trim()
  console.log(text)
  const status = r.status === 0 ? 'ok' : `FAILED (exit ${r.status ?? r.signal})`
  if (r.status !== 0) failed++
  lines.push('```', text, '```', '', `${status}, ${Math.round((Date.now() - started) / 1000)} s: \`${part.command.join(' ')}\``, '')
}
fs.mkdirSync(path.dirname(out), { recursive: true })
fs.writeFileSync(out, `${lines.join('\n')}\n`)
console.log(`\nreport: ${path.relative(root, out)}${failed ? `; ${failed} part(s) failed` : ''}`)
process.exit(failed ? 1 : 0)
