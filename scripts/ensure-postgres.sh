#!/usr/bin/env bash
# The data-engine tests start a throw-away PostgreSQL server (initdb + pg_ctl) in a temporary
# folder; install Debian's postgresql when its binaries are missing (needs root, as on CI and the
# dev machines). Debian puts them under /usr/lib/postgresql/<version>/bin, so link them onto PATH.
set -euo pipefail
if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-postgres: initdb/pg_ctl missing and not root; the PostgreSQL tests will be skipped." >&2
  echo "  install them with: sudo apt-get install postgresql" >&2
  exit 0
fi
echo "ensure-postgres: installing postgresql (Debian package)..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq postgresql >/dev/null
for bin in /usr/lib/postgresql/*/bin/initdb /usr/lib/postgresql/*/bin/pg_ctl; do
  [ -x "$bin" ] && ln -sf "$bin" /usr/local/bin/"$(basename "$bin")"
done
command -v initdb >/dev/null && command -v pg_ctl >/dev/null
