#!/usr/bin/env bash
# The browser tests need Debian's Chromium and a CJK font; the server tests also run against a
# throwaway PostgreSQL 15. Installs what is missing (as root, with apt-get); otherwise says what
# to install.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
fc-list 2>/dev/null | grep -qi 'wenquanyi\|wqy' || missing+=(fonts-wqy-microhei)
[ -x /usr/lib/postgresql/15/bin/initdb ] || missing+=(postgresql-15)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages: ${missing[*]} — install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing ${missing[*]} from Debian…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
