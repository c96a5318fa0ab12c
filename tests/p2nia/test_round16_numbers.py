"""Round 16: a request's ε and δ are read from text by every face's rule (no '0_5' read as 5,
no Arabic-Indic digits, no padding), and δ must lie below 1/n′ as its message says."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("typed", ["0_5", " 1", "\u0663", "1_0"])
def test_epsilon_text_is_read_strictly(tmp_path, capsys, typed):
    out = tmp_path / "r.json"
    argv = ["p2nia", "request", "--n", "1000", "--protected", "sex", "--out", str(out)]
    assert main([*argv, "--epsilon", typed]) == 2
    err = capsys.readouterr().err
    said, fix = "ε must be a number", "e.g. --epsilon 1.0"
    if typed == " 1":  # round 50: the blanks named, the number to give
        said, fix = f"{said}, written without blanks around it", "give 1"
    assert err == f"error: option '--epsilon': {said} (value: {typed!r}). Fix: {fix}\n"
    assert not out.exists()


def test_delta_at_or_above_one_over_n_is_refused(tmp_path, capsys):
    out = tmp_path / "r.json"
    argv = ["p2nia", "request", "--n", "100000", "--protected", "sex", "--epsilon", "1"]
    assert main([*argv, "--delta", "1e-3", "--mechanism", "mst", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--delta': δ must be below 1/n′ = 1e-05 for n′ = 100,000")
    assert not out.exists()
    assert main([*argv, "--delta", "1e-6", "--mechanism", "mst", "--out", str(out)]) == 0


@pytest.mark.parametrize("delta", ["0.01", "0.001"])
def test_where_one_over_n_is_the_tighter_bound_the_refusal_names_it(tmp_path, capsys, delta):
    """At n′ = 1,000 the range (0, 0.001] and the bound 1/n′ = 0.001 meet: δ = 0.01 is refused
    by the bound that also refuses 0.001, not by a range that names 0.001 as allowed."""
    argv = ["p2nia", "request", "--n", "1000", "--protected", "sex", "--epsilon", "1"]
    out = ["--mechanism", "mst", "--out", str(tmp_path / "r.json")]
    assert main([*argv, "--delta", delta, *out]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--delta': δ must be below 1/n′ = 0.001 for n′ = 1,000")
