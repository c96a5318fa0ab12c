"""A release is a function of its seed alone: the same table in one process (the first
release too) and in every process, whatever Python's string hash seed."""

import os
import subprocess
import sys

import pytest

pytest.importorskip("mbi")

# Releases every mechanism twice in one process and prints the tables' digests.
SCRIPT = """
import hashlib, warnings
import numpy as np, pandas as pd
warnings.simplefilter("ignore")
import ethiclens.p2nia as p2
from ethiclens.p2nia import _synth
_synth.AIM_MAX_ROUNDS = 2  # keeps AIM short; the seeding is what is tested
rng = np.random.default_rng(0)
n = 400
data = pd.DataFrame({"race": rng.choice(list("ABC"), n), "label": rng.integers(0, 2, n),
                     "pred": rng.integers(0, 2, n), "job": rng.choice(list("xyz"), n)})
for mech in ("grr", "mst", "aim"):
    delta = None if mech == "grr" else 1e-6
    req = p2.make_request(200, "race", epsilon=1.0, mechanism=mech, delta=delta)
    for _ in range(2):
        extra = {} if mech == "grr" else {"columns": ["job"]}
        table = p2.release(req, data, "label", "pred", random_state=3, **extra).table
        print(mech, hashlib.md5(table.to_csv(index=False).encode()).hexdigest())
"""


def _start(hash_seed: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.Popen(
        [sys.executable, "-c", SCRIPT], env=env, stdout=subprocess.PIPE, text=True
    )


def _digests(process: subprocess.Popen) -> list:
    out, _ = process.communicate(timeout=300)
    assert process.returncode == 0
    return out.split("\n")


@pytest.mark.slow
def test_a_seed_gives_one_release_in_a_process_and_across_processes():
    started = [_start("1"), _start("2")]  # side by side: each imports JAX and fits AIM
    first, other = (_digests(p) for p in started)
    assert first == other
    lines = [line.split() for line in first if line]
    assert len(lines) == 6
    for mech in ("grr", "mst", "aim"):
        assert len({d for m, d in lines if m == mech}) == 1, mech
