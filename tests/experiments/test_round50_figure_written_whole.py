"""Round 50 (report: atomic writes): 'ethiclens pcer tables' (write_tables) wrote its CSV tables
and tables.md atomically, but Figure 1 by matplotlib's savefig straight into figure1.png and
figure1.svg: a failure while drawing (a full disk, an interrupt) left half a figure where the
figure of the previous run was. Each figure is now drawn whole, then renamed into place; the
bytes are those of before."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from ethiclens.experiments._pcer_commands import tables_to_folder

STORE = Path(__file__).parent / "data" / "store_v1.sqlite"


def test_a_failed_figure_leaves_the_previous_one(tmp_path, monkeypatch):
    out = tmp_path / "t"
    out.mkdir()
    (out / "figure1.png").write_bytes(b"the figure of the previous run")

    calls = []

    def half_then_full(self, target, *, metadata=None, pil_kwargs=None, **_):
        # matplotlib draws once into a buffer of its own before it saves: fail the save
        calls.append(self.figure.dpi)
        if calls.count(130) < 2:
            return drawn(self, target, metadata=metadata, pil_kwargs=pil_kwargs)
        if isinstance(target, (str, os.PathLike)):  # the file itself, or a buffer
            target = open(target, "wb")  # noqa: SIM115 - left open, as a failing writer does
        target.write(b"\x89PNG half")
        target.flush()
        raise OSError(errno.ENOSPC, "No space left on device")

    drawn = FigureCanvasAgg.print_png
    monkeypatch.setattr(FigureCanvasAgg, "print_png", half_then_full)
    with pytest.raises(OSError, match="No space left"):
        tables_to_folder(STORE, out)
    assert (out / "figure1.png").read_bytes() == b"the figure of the previous run"
    assert not [p.name for p in out.iterdir() if p.name.startswith(".figure1")]
