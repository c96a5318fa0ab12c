"""An interrupt (Ctrl-C, SIGTERM's exit) between moving the previous release aside and
renaming the new one into place (write_release(..., replace=True), 'p2nia release --replace')
puts the previous release back: before, the cleanup deleted both the new and the old one."""

import os

import numpy as np
import pandas as pd
import pytest

from ethiclens.p2nia import make_request, read_release, release, write_release


@pytest.fixture(scope="module")
def rel():
    rng = np.random.default_rng(0)
    n = 200
    frame = pd.DataFrame(
        {"sex": rng.choice(["F", "M"], n), "y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n)}
    )
    return release(make_request(n, "sex", epsilon=3.0), frame, "y", "p")


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit])
def test_an_interrupted_replace_keeps_the_previous_release(rel, tmp_path, monkeypatch, stop):
    out = write_release(rel, tmp_path / "rel")
    before = sorted(p.name for p in out.iterdir())
    real = os.rename

    def rename(src, dst):
        if str(src).endswith(".tmp"):  # the new release, once the previous one is aside
            raise stop
        return real(src, dst)

    monkeypatch.setattr(os, "rename", rename)
    with pytest.raises(stop):
        write_release(rel, out, replace=True)
    monkeypatch.setattr(os, "rename", real)
    assert sorted(p.name for p in out.iterdir()) == before
    assert read_release(out).manifest["rows"] == 200
    assert [p.name for p in tmp_path.iterdir()] == ["rel"]  # nothing left beside it
