#!/usr/bin/env bash
# The core install, no extras, in a throw-away venv: `ethiclens audit compas` must work there
# and torch must not be importable, so the split between the core and the extras cannot rot.
# pip reads the same configuration (indexes, find-links) as the main install, so this works
# offline wherever `make test` does. The package is built from a copy of the working tree, so
# the repository gets no build/ or egg-info from it. Run by `make test`; about a minute.
set -euo pipefail
PYTHON=${PYTHON:-python3}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/ethiclens-core.XXXXXX")
trap 'rm -rf "$work"' EXIT

mkdir "$work/pkg"
cp -r "$root/pyproject.toml" "$root/README.md" "$root/LICENSE" "$root/src" "$work/pkg/"
find "$work/pkg" \( -name __pycache__ -o -name '*.egg-info' \) -prune -exec rm -rf {} +

"$PYTHON" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet -c "$root/constraints.txt" "$work/pkg"

cd "$work"
"$work/venv/bin/ethiclens" audit compas --n-boot 200 --json "$work/out.json" > /dev/null
"$work/venv/bin/python" -c 'import json, sys; assert json.load(open(sys.argv[1]))["comparisons"]' \
    "$work/out.json"
if "$work/venv/bin/python" -c 'import torch' 2> /dev/null; then
    echo "core install: torch is importable, but it belongs to the [dpsgd] extra" >&2
    exit 1
fi
site=$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
echo "core install OK: audit compas ran without extras; site-packages $(du -sh "$site" | cut -f1)"
