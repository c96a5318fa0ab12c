"""Round 50 (review, atomic writes): the monitor's evidence figure (python -m
ethiclens.monitor._sim docs/monitoring-evidence.png, _sim.figure) was saved by matplotlib
straight into the file: a failure while writing (a full disk) left half a PNG where the figure
of before was. It is drawn whole, then renamed into place (io.write_atomic)."""

from __future__ import annotations

import errno
import os

import pytest
from matplotlib.figure import Figure

from ethiclens.monitor import _render
from ethiclens.monitor._sim import figure


def test_a_failed_evidence_figure_leaves_the_one_of_before(tmp_path, monkeypatch):
    curve = [0.0, 0.01, 0.02]
    names = ("fixed_di_curve", "fixed_eo_curve", "ours_di_curve", "ours_eo_curve")
    result = {"false_alarm": dict.fromkeys(names, curve), "days": 3, "alpha": 0.05,
              "streams": 10, "n": 100}  # fmt: skip
    path = tmp_path / "e.png"
    path.write_bytes(b"the figure of before")

    def full(src, dst, *a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    # the write is the subject, not the drawing (round38's test): no layout, a stand-in PNG
    monkeypatch.setattr(_render, "_tight_layout", lambda fig: None)
    monkeypatch.setattr(Figure, "savefig", lambda self, target, **_: target.write(b"\x89PNG"))
    with pytest.raises(Exception, match="No space left"):
        figure(result, path)
    assert [p.name for p in tmp_path.iterdir()] == ["e.png"]  # no temporary left
    assert path.read_bytes() == b"the figure of before"  # drawn well: round38's test
