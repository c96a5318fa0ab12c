"""Round 30 review: a file writing one group two ways ('café' composed and decomposed) was
refused by ``audit`` and ``pcer audit`` in file words, but by ``counts``, ``thresholds`` and
``audit`` of two models (a comparison) with the Python face's pandas code: every command now
says what to write into the file (the one error line takes the fix's command-line words)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ethiclens.cli import main

WORDS = "save the file with the group's accented letters written one way"


def test_every_command_gives_the_file_words(tmp_path, capsys):
    r = np.random.default_rng(0)
    n = 90
    g = np.array(["caf\u00e9", "cafe\u0301", "M"], dtype=object)[np.arange(n) % 3]
    frame = {"g": g, "y": r.integers(0, 2, n), "p": r.integers(0, 2, n)}
    frame |= {"q": r.integers(0, 2, n), "s": r.random(n)}
    path = str(tmp_path / "d.csv")
    pd.DataFrame(frame).to_csv(path, index=False)
    roles = ["--y-true", "y", "--protected", "g"]
    out = tmp_path / "out.csv"
    runs = {
        "counts": ["counts", path, "--y-pred", "p", "--protected", "g", "--out", str(out)],
        "thresholds": ["thresholds", path, *roles, "--y-score", "s", "--csv", str(out)],
        "compare": ["audit", path, *roles, "--y-pred", "p", "--y-pred", "q"],
    }
    for name, argv in runs.items():
        assert main(argv) == 2, name
        err = capsys.readouterr().err
        assert "distinct values print the same" in err, (name, err)
        assert WORDS in err and "pandas" not in err, (name, err)
        assert not out.exists(), name
