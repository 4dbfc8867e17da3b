#!/usr/bin/env bash
# `npm test`: every check, in order — system packages the tests need, formatting, lint (ESLint),
# dead code (knip), types, app units and pages, the API server (PGlite and PostgreSQL 15) and its
# reliability suite (about 3 min), the three builds, the WeChat/Baidu build checks and the H5
# browser tests. Runs every step, then prints a summary and fails if any step failed. The server suite
# runs two files at a time (each has its own database copy, ports and PostgreSQL).
set -uo pipefail
cd "$(dirname "$0")/.."

# Steps joined by " & " run side by side (each is mostly single-threaded; the machine has two cores),
# their output printed one after the other when all are done. The mini-program builds (one after the
# other) run beside the H5 build; the browser tests run two files at a time (each file has its own
# server, database copy and browser).
steps=(
  "system-deps:bash scripts/ensure-system-deps.sh"
  "lint:npm run lint & typecheck:npm run typecheck & format:npm run format:check & knip:npm run knip"
  "unit:npm run test:unit"
  "server:npm run test:server"
  "reliability:npm run test:reliability"
  "build-mp:npm run build:weapp:local && npm run build:swan:local & build-h5:npm run build:h5"
  "platform:npm run test:platform"
  "e2e:npm run test:e2e"
)
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# run_step NAME CMD: runs one step, prints its timing, records ok/FAILED in $results/NAME.
run_step() {
  local name=$1 cmd=$2 start
  echo
  echo "=== ${name}: ${cmd}"
  start=$(date +%s)
  if bash -c "$cmd"; then
    echo ok > "$results/$name"
    echo "=== ${name}: ok ($(( $(date +%s) - start )) s)"
  else
    echo FAILED > "$results/$name"
    echo "=== ${name}: FAILED ($(( $(date +%s) - start )) s)"
  fi
}

names=()
for step in "${steps[@]}"; do
  IFS=$'\n' read -r -d '' -a parts < <(printf '%s' "$step" | sed 's/ & /\n/g' && printf '\0')
  if [ ${#parts[@]} -eq 1 ]; then
    run_step "${step%%:*}" "${step#*:}"
    names+=("${step%%:*}")
    continue
  fi
  pids=()
  for part in "${parts[@]}"; do
    run_step "${part%%:*}" "${part#*:}" > "$results/${part%%:*}.log" 2>&1 &
    pids+=($!)
    names+=("${part%%:*}")
  done
  wait "${pids[@]}"
  for part in "${parts[@]}"; do cat "$results/${part%%:*}.log"; done
done

passed=0
failed=0
failures=()
for name in "${names[@]}"; do
  if [ "$(cat "$results/$name" 2>/dev/null)" = ok ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures+=("$name")
  fi
done
echo
[ ${#failures[@]} -gt 0 ] && echo "failed steps: ${failures[*]}"
echo "steps: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
