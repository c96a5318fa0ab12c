#!/usr/bin/env bash
# The report test opens the HTML in headless Chromium; install Debian's chromium and
# chromium-driver when they are missing (needs root, as on CI and the dev machines).
set -euo pipefail
if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "ensure-chromium: chromium/chromedriver missing and not root; the browser test will fail." >&2
  echo "  install them with: sudo apt-get install chromium chromium-driver" >&2
  exit 0
fi
echo "ensure-chromium: installing chromium and chromium-driver (Debian packages)..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium chromium-driver >/dev/null
