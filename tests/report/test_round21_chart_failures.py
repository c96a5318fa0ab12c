"""Round 21: the threshold view's HTML report keeps a chart matplotlib fails to draw as a note
in its place (the HTML is still written, the failing PNG alone is refused); the forest figure
names each interval method once; a PDF renderer killed by a signal is said so."""

from __future__ import annotations

import sys
from types import SimpleNamespace
from unittest import mock

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.report._pdf import _run
from ethiclens.report._plots import _interval_note


def _fail(*args, **kwargs):
    raise RuntimeError("simulated draw failure")


def test_threshold_html_is_written_with_a_note_when_drawing_fails(tmp_path, capsys):
    rng = np.random.default_rng(0)
    n = 500
    data = tmp_path / "t.csv"
    pd.DataFrame(
        {"y": rng.integers(0, 2, n), "s": rng.random(n), "g": rng.choice(["a", "b"], n)}
    ).to_csv(data, index=False)
    png, html, js = (tmp_path / f for f in ("t.png", "t.html", "t.json"))
    argv = ["thresholds", str(data), "--y-true", "y", "--y-score", "s", "--protected", "g"]
    argv += ["--n-boot", "100", "--plot", str(png), "--html", str(html), "--json", str(js)]
    with mock.patch("matplotlib.figure.Figure.savefig", _fail):
        assert main(argv) == 2
    err = capsys.readouterr().err
    assert "g threshold chart could not be drawn" in err
    assert html.exists() and js.exists() and not png.exists()
    page = html.read_text()
    assert "The g threshold chart could not be drawn (RuntimeError: simulated draw" in page
    assert "Traceback" not in err and "t.png could not be written" in err


def test_forest_method_line_names_each_method_once():
    def est(method):
        return SimpleNamespace(ci_low=0.1, ci_method=method)

    ests = [est("bca"), est("bca, of the signed difference, folded at 0"), None]
    assert _interval_note(0.95, ests) == (
        "95% intervals: bca (of the signed difference, folded at 0)."
    )
    assert _interval_note(0.9, [est("jeffreys")]) == "90% intervals: jeffreys."


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_pdf_renderer_killed_by_a_signal_is_said_so():
    code = "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"
    with pytest.raises(EthicLensInputError) as info:
        _run([sys.executable, "-c", code], timeout=60)
    assert "killed by signal 11 (SIGSEGV)" in str(info.value)
    assert "exit -11" not in str(info.value)
