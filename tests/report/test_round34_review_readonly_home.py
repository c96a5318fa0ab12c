"""Round 34 review: with HOME unwritable (a read-only home, a service account) every --html
printed matplotlib's two lines 'mkdir -p failed for path …' and 'Matplotlib created a temporary
cache directory …' on importing it: harmless (it uses a temporary folder itself) and now
quiet; the report is written as before."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pandas as pd


def test_html_with_an_unwritable_home_prints_no_matplotlib_folder_note(tmp_path):
    rng = np.random.default_rng(0)
    n = 400
    frame = {"g": rng.choice(["a", "b"], n), "y": rng.integers(0, 2, n)}
    pd.DataFrame({**frame, "p": rng.integers(0, 2, n)}).to_csv(tmp_path / "d.csv", index=False)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MPL", "XDG_"))}
    env["HOME"] = str(tmp_path / "d.csv" / "home")  # under a file: no folder can be made there
    code = (
        "from ethiclens.cli import main; raise SystemExit(main(['audit', 'd.csv', '--y-true', "
        "'y', '--y-pred', 'p', '--protected', 'g', '--n-boot', '100', '--html', 'r.html']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "Matplotlib created" not in done.stderr and "mkdir -p failed" not in done.stderr
    assert "data:image/svg+xml" in (tmp_path / "r.html").read_text(encoding="utf-8")
