#!/usr/bin/env bash
# scripts/with-lts.sh CMD...: runs CMD with the pinned Node.js LTS (runtime/, scripts/runtime.mjs) first
# on PATH, so `node` and npm's scripts run on it. Where the LTS cannot be installed (not linux x64)
# the machine's Node runs CMD, said on stderr; on linux x64 a missing LTS is an error (run npm install).
set -euo pipefail
cd "$(dirname "$0")/.."
if dir=$(node scripts/runtime.mjs); then
  PATH="$dir:$PATH" exec "$@"
fi
if [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ]; then
  echo "with-lts: the pinned Node.js LTS is not installed in runtime/: run npm install (its postinstall installs it)" >&2
  exit 1
fi
echo "with-lts: no pinned Node.js LTS for $(uname -s)-$(uname -m): running on the machine's Node $(node --version)" >&2
exec "$@"
