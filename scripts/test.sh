#!/usr/bin/env bash
# `npm test`: every check, in order — system packages the tests need, formatting, lint (ESLint),
# dead code (knip), types, app units and pages, the API server (PGlite and PostgreSQL 15) and its
# reliability suite (about 3 min), the three builds, the WeChat/Baidu build checks and the H5
# browser tests. Runs every step, then prints a summary and fails if any step failed.
set -uo pipefail
cd "$(dirname "$0")/.."

steps=(
  "system-deps:bash scripts/ensure-system-deps.sh"
  "format:npm run format:check"
  "lint:npm run lint"
  "knip:npm run knip"
  "typecheck:npm run typecheck"
  "unit:npm run test:unit"
  "server:npm run test:server"
  "reliability:npm run test:reliability"
  "build:npm run build:all"
  "platform:npm run test:platform"
  "e2e:npm run test:e2e"
)
passed=0
failed=0
failures=()
for step in "${steps[@]}"; do
  name=${step%%:*}
  cmd=${step#*:}
  echo
  echo "=== ${name}: ${cmd}"
  start=$(date +%s)
  if bash -c "$cmd"; then
    passed=$((passed + 1))
    echo "=== ${name}: ok ($(( $(date +%s) - start )) s)"
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "=== ${name}: FAILED ($(( $(date +%s) - start )) s)"
  fi
done
echo
[ ${#failures[@]} -gt 0 ] && echo "failed steps: ${failures[*]}"
echo "steps: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
