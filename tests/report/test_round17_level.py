"""A confidence level is printed as given on every face: --confidence-level 0.975 reads
97.5% in the terminal table, the HTML report's captions and the compare summary (a rounded
'98%' misstated the interval)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens._text import percent
from ethiclens.cli import main


@pytest.mark.parametrize(
    ("level", "text"), [(0.95, "95%"), (0.975, "97.5%"), (0.999, "99.9%"), (0.9, "90%")]
)
def test_percent_is_the_level_as_given(level, text):
    assert percent(level) == text


@pytest.fixture
def preds(tmp_path):
    rng = np.random.default_rng(3)
    n = 600
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "q": rng.integers(0, 2, n),
            "g": rng.choice(["a", "b"], n),
        }
    )
    path = tmp_path / "preds.csv"
    frame.to_csv(path, index=False)
    return path


def test_audit_terminal_and_html_say_97_5(preds, tmp_path, capsys):
    html = tmp_path / "r.html"
    argv = ["audit", preds, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    argv += ["--confidence-level", "0.975", "--n-boot", "200", "--html", html]
    assert main([str(a) for a in argv]) in (0, 1)
    out = capsys.readouterr().out
    text = html.read_text()
    assert "97.5%" in out and "98%" not in out
    assert "97.5%" in text and "98%" not in text


def test_compare_html_says_97_5(preds, tmp_path):
    html = tmp_path / "c.html"
    argv = ["compare", preds, "--y-true", "y", "--y-pred", "p", "--y-pred", "q"]
    argv += ["--protected", "g", "--confidence-level", "0.975", "--n-boot", "200"]
    assert main([str(a) for a in [*argv, "--html", html]]) in (0, 1)
    text = html.read_text()
    assert "97.5%" in text and "98%" not in text
