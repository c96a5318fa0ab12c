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
