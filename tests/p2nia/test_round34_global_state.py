"""Round 34 (P2NIA): an MST or AIM release leaves the caller's process as it found it, as a
notebook needs: NumPy's global generator was moved by the first release in a process
(importing JAX draws from it), and JAX was left in float64 with its compilation cache off
(every jax.numpy array the notebook made afterwards was float64)."""

import os
import subprocess
import sys

import pytest

pytest.importorskip("mbi")

SCRIPT = """
import warnings
import numpy as np
import ethiclens.p2nia as p2
from tests.p2nia.conftest import audit_frame
warnings.simplefilter("ignore")
data = audit_frame(600, 0)
np.random.seed(5)
before = np.random.get_state()[1].copy()
for mech in ("mst", "mst"):
    req = p2.make_request(300, "sex", protected_domain=["F", "M"], epsilon=1.0, mechanism=mech)
    table = p2.release(req, data, "y", "pred", random_state=3).table
    print((np.random.get_state()[1] == before).all())
import jax
import jax.numpy as jnp
print(jax.config.jax_enable_x64, jax.config.jax_enable_compilation_cache, jnp.ones(1).dtype)
"""


def test_a_release_leaves_numpy_and_jax_as_they_were():
    env = {k: v for k, v in os.environ.items() if not k.startswith("JAX_")}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split("\n")[:3] == ["True", "True", "False True float32"]
