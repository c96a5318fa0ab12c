"""duckdb_counts(threads=10**5) crashed the Python process (DuckDB starts every thread asked
for: a segmentation fault); the count is refused above MAX_WORKERS (1024), naming threads."""

import subprocess
import sys

SCRIPT = """
import pandas as pd
from ethiclens import sources
from ethiclens.errors import EthicLensInputError
pd.DataFrame({"g": list("abab"), "p": [0, 1, 1, 0]}).to_csv("d.csv", index=False)
roles = sources.Roles(y_pred="p", protected=["g"])
assert len(sources.duckdb_counts("d.csv", roles, threads=1024)) == 4
try:
    sources.duckdb_counts("d.csv", roles, threads=10**5)
except EthicLensInputError as exc:
    print(exc)
"""


def test_too_many_threads_are_refused_not_a_crash(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith("argument 'threads': ") and "at most 1,024" in done.stdout
