"""Training leaves a notebook's logging as it was: importing Opacus runs
``logging.basicConfig`` (opacus/utils/module_utils.py), so the first train_dp_mlp of a process
gave the root logger a stderr handler and the caller's own ``logging.basicConfig(level=INFO)``
afterwards did nothing. Run in a fresh interpreter: pytest's own handlers hide it here."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("opacus")

SCRIPT = """
import logging
from ethiclens.experiments import prepare
from ethiclens.privacy import train_dp_mlp
data = prepare("compas", 0, max_rows=300)
train_dp_mlp("compas", data=data, epsilon=5.0, seed=0, epochs=1, batch_size=32)
print(logging.getLogger().handlers)
"""


def test_training_adds_no_root_handler():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300, check=True
    )
    assert out.stdout.strip() == "[]"
