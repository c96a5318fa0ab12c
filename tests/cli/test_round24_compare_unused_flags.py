"""``ethiclens compare`` refuses a flag a comparison does not use (--pdf, --baseline,
--model-card, --y-score, --model-name, --score) in the words the same comparison gets from
``audit --y-pred A --y-pred B``, not 'no such option'; its --help does not list them."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(tmp_path / "no-browser"))  # none to find
    rng = np.random.default_rng(0)
    n = 300
    pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "a": rng.integers(0, 2, n),
            "b": rng.integers(0, 2, n),
            "score": rng.random(n),
            "race": rng.choice(["x", "y"], n),
        }
    ).to_csv("d.csv", index=False)
    return tmp_path


ROWS = ["d.csv", "--y-true", "label", "--y-pred", "a", "--y-pred", "b", "--protected", "race"]


def _said(capsys, *argv) -> str:
    assert main(list(argv)) == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize(
    "flag, value",
    [
        ("--pdf", "r.pdf"),
        ("--baseline", "old.json"),
        ("--model-card", "card.md"),
        ("--y-score", "score"),
        ("--model-name", "M"),
    ],
)
def test_compare_names_an_unused_flag_as_audit_does(data, capsys, flag, value):
    said = _said(capsys, "compare", *ROWS, flag, value)
    assert said == _said(capsys, "audit", *ROWS, flag, value)
    assert said.startswith(f"error: option '{flag}': is not used by a comparison: "), said
    assert not (data / value).exists()


def test_compare_names_compas_score_as_unused(capsys):
    said = _said(capsys, "compare", "compas", "--score", "decile")
    assert said.startswith("error: option '--score': is not used by a comparison"), said


def test_compare_help_does_not_list_them(capsys):
    assert main(["compare", "--help"]) == 0
    shown = capsys.readouterr().out
    for flag in ("--pdf", "--baseline", "--model-card", "--y-score", "--model-name"):
        assert flag not in shown
    assert "--fail-on" in shown and "--html" in shown
