"""Round 31 review: writing a release through a symlinked --out resolves the link, and the
refusal of a write that failed (a full disk) named that resolved, absolute path for every
--out, not the folder the user gave ('could not write the release to /abs/cwd/rel' for
--out rel). It names the folder as given again."""

import errno

import numpy as np
import pandas as pd
import pytest

import ethiclens.p2nia._protocol as protocol
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release, write_release


def test_a_failed_write_names_out_as_given(tmp_path, monkeypatch):
    rng = np.random.default_rng(0)
    data = pd.DataFrame({"g": rng.choice(["F", "M"], 400), "p": rng.integers(0, 2, 400)})
    request = make_request(400, "g", metrics=["dp"], epsilon=2.0, protected_domain=["F", "M"])
    rel = release(request, data, None, "p")

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(protocol, "_write_file", full)
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as err:
        write_release(rel, "rel")
    assert "could not write the release to rel (the disk is full)" in str(err.value)
    assert not (tmp_path / "rel").exists()
