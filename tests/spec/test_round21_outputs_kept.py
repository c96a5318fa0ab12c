"""Round 21: an output that cannot be written (a chart that fails to draw) leaves every other
output written, then is refused in one line naming its option (exit 2), never a traceback."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pandas as pd

from ethiclens.cli import main


def test_a_failing_plot_leaves_the_other_outputs_and_is_one_line(tmp_path, capsys):
    rng = np.random.default_rng(0)
    n = 500
    data = tmp_path / "t.csv"
    pd.DataFrame(
        {"y": rng.integers(0, 2, n), "s": rng.random(n), "g": rng.choice(["a", "b"], n)}
    ).to_csv(data, index=False)
    png, html, csv, saved = (tmp_path / f for f in ("t.png", "t.html", "o.csv", "s.yaml"))
    argv = ["thresholds", str(data), "--y-true", "y", "--y-score", "s", "--protected", "g"]
    argv += ["--n-boot", "100", "--plot", str(png), "--html", str(html), "--csv", str(csv)]
    with mock.patch("ethiclens.report.write_threshold_png", side_effect=ValueError("boom")):
        assert main([*argv, "--save-config", str(saved)]) == 2
    err = capsys.readouterr().err
    assert html.exists() and csv.exists() and saved.exists() and not png.exists()
    assert "Traceback" not in err
    assert "error: option '--plot': " in err and "could not be written (ValueError: boom)" in err
