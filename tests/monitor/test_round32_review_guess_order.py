"""The absent group's guess at a near miss is the same on every run: two groups alike but for
case ('White', 'WHITE') gave one or the other by the process's string hashing (the guess was
taken from a set)."""

import os
import subprocess
import sys

SCRIPT = """
import warnings
import pandas as pd
from ethiclens.monitor import MonitorRequest, run_monitor
frame = pd.DataFrame({"ts": ["2024-01-01T00:00:00Z"] * 6, "p": [0, 1] * 3,
                      "g": ["White", "WHITE", "Black"] * 2})
request = MonitorRequest(target=frame, time="ts", window="1d", y_pred="p", protected=("g",),
                         exclude_groups={"g": ["Whit"]})
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    print(run_monitor(request, r"%s").to_dict()["run"]["notes"][0])
"""


def test_the_guess_does_not_depend_on_string_hashing(tmp_path):
    runs = []
    for seed in ("0", "1", "2", "3", "4", "5"):  # six processes side by side
        store = tmp_path / f"s{seed}.sqlite"
        env = {**os.environ, "PYTHONHASHSEED": seed, "OMP_NUM_THREADS": "1"}
        runs.append(
            subprocess.Popen(
                [sys.executable, "-c", SCRIPT % store],
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        )
    said = set()
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
        said.add(out.strip())
    assert len(said) == 1, said
    assert "(did you mean 'White'?)" in said.pop()
