"""An optional import through ``require`` leaves the root logger's handlers as they were:
importing Opacus runs ``logging.basicConfig``, and a sweep whose runs are all ε=none first
imported it in ``versions()`` (experiments/_runner.py), so the root logger kept a stderr
handler and the caller's own ``logging.basicConfig(level=INFO)`` afterwards did nothing.
Run in a fresh interpreter: pytest's own handlers hide it here."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("opacus")

SCRIPT = """
import logging
from ethiclens._optional import require
from ethiclens.experiments._runner import versions
versions()
require("opacus.utils.module_utils")
print(logging.getLogger().handlers)
logging.basicConfig(level=logging.INFO)
print(logging.getLogger().level == logging.INFO)
"""


def test_optional_imports_add_no_root_handler():
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300, check=True
    )
    assert out.stdout.split() == ["[]", "True"], out.stdout + out.stderr


def test_a_caller_s_own_handlers_are_kept():
    script = (
        "import logging; logging.basicConfig(level=logging.WARNING)\n"
        "from ethiclens._optional import require; require('opacus')\n"
        "print(len(logging.getLogger().handlers))"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


def test_a_first_import_leaves_numpy_s_global_random_state():
    """Importing JAX (p2nia's mst/aim mechanisms: require("jax"), require("mbi")) drew from
    np.random: a caller's np.random.seed(0) then gave other numbers."""
    pytest.importorskip("jax")
    script = (
        "import numpy as np; np.random.seed(0); a = np.random.rand(3)\n"
        "np.random.seed(0)\n"
        "from ethiclens._optional import require; require('jax'); require('mbi')\n"
        "print((np.random.rand(3) == a).all())"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True", out.stdout + out.stderr
