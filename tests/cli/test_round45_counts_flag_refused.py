"""Round 45 (README walk-through): the README says compare and thresholds take no `--counts`
("a counts table has no rows to compare or to draw thresholds from ... run them on the file or
database the counts came from"), and `target.counts` in a config is refused in those words; the
flag itself was "no such option of 'ethiclens compare'. Fix: did you mean --config?", a fix
that leads nowhere. The flag is now refused as the key is, naming --counts."""

from __future__ import annotations

import pytest

from ethiclens.cli import main


@pytest.mark.parametrize(
    ("command", "roles", "words"),
    [
        ("compare", ["--y-pred", "p", "--y-pred", "q"], "comparison"),
        ("thresholds", ["--y-score", "s"], "threshold view"),
    ],
)
def test_the_counts_flag_is_refused_in_the_keys_words(
    tmp_path, monkeypatch, capsys, command, roles, words
):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cnt.csv").write_text("g,y_pred,count\na,1,3\n")
    for extra in ([], roles):
        assert main([command, "--counts", "cnt.csv", *extra]) == 2
        err = capsys.readouterr().err
        assert err.startswith(
            f"error: option '--counts': a counts table has no rows for a {words}: only an audit"
        ), err
        assert f"Fix: run the {words} on the file or database the counts came from" in err
        assert "no such option" not in err and "--config" not in err


@pytest.mark.parametrize(
    ("flag", "value", "why"),
    [
        ("--ci", "bca", "its intervals are Dirichlet draws per group"),
        ("--fail-on", "flagged", "it is not a gate"),
        ("--baseline", "old.json", "it is not a gate"),
        ("--model-card", "c.md", "it writes no model card or PDF report"),
        ("--pdf", "r.pdf", "it writes no model card or PDF report"),
        ("--model-name", "M", "it writes no model card or PDF report"),
    ],
)
def test_thresholds_refuses_an_audits_flag_saying_why(
    tmp_path, monkeypatch, capsys, flag, value, why
):
    # docs/config.md: the threshold view takes no policy.ci, gate.*, model card or PDF, "the
    # same words for a flag, a config key and a Python keyword"; the flags were "no such
    # option ... did you mean --csv or --config or --bins?" (compare's --model-card was not)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("g,s\na,0.2\nb,0.7\n")
    assert main(["thresholds", "d.csv", "--y-score", "s", "--protected", "g", flag, value]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '{flag}': is not used by the threshold view: {why}"), err
    assert "no such option" not in err
