"""``ethiclens monitor --help`` without pandas (round 44, cfg).

Before: cli/_monitor.py imported ``ethiclens.io`` at module level for one helper used by a
run, so ``monitor --help`` loaded pandas (1.3 s against 0.6 s), which the CLI's rule (--help
imports no heavy module, tests/test_layout.py) forbids. The import now happens in the run.
"""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("pandas", "sklearn", "matplotlib", "torch", "scipy")


def test_monitor_help_imports_no_heavy_module():
    code = (
        "import sys\nfrom ethiclens.cli import main\nrc = main(['monitor', '--help'])\n"
        f"print('HEAVY=' + ','.join(m for m in {HEAVY!r} if m in sys.modules))\nsys.exit(rc)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Usage: ethiclens monitor" in proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "HEAVY=", proc.stdout
