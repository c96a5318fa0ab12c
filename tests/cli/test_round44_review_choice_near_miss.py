"""Round 44 review (cli, sibling of 99a6b646): an option whose choices click checks
(click.Choice: p2nia experiment --dataset, --accounting, pcer's and audit's fixed lists) was
refused "'Adult' is not one of 'adult', 'acs-income'. Fix: choose from adult, acs-income",
with no near miss, where every choice the library checks names one. The CLI's one line now
names it first."""

from ethiclens.cli import main


def test_a_click_choice_names_its_near_miss(tmp_path, capsys):
    out = str(tmp_path / "x")
    assert main(["p2nia", "experiment", "--dataset", "Adult", "--out", out]) == 2
    err = capsys.readouterr().err
    assert "Fix: did you mean 'adult'? use one of adult, acs-income" in err
    words = ["p2nia", "request", "--n", "100", "--protected", "g", "--groups", "a,b"]
    words += ["--epsilon", "1", "--out", str(tmp_path / "r.json"), "--accounting", "per_column"]
    assert main(words) == 2
    assert (
        "Fix: did you mean 'per-column'? use one of record, per-column" in capsys.readouterr().err
    )
    assert main(["p2nia", "experiment", "--dataset", "zzz", "--out", out]) == 2
    assert "Fix: use one of adult, acs-income\n" in capsys.readouterr().err
    assert not (tmp_path / "x").exists() and not (tmp_path / "r.json").exists()
