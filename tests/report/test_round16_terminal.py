"""Round 16: the threshold table's headers show a threshold as written, so 0.999999999 is not
shown as 1 (a threshold no one may give)."""

from ethiclens.cli import main


def test_an_audited_threshold_near_one_is_shown_as_written(tmp_path, capsys):
    path = tmp_path / "s.csv"
    rows = [f"{i % 2},{(i % 10) / 10},{'ab'[i % 2]}" for i in range(60)]
    path.write_text("y,s,g\n" + "\n".join(rows) + "\n")
    argv = ["thresholds", str(path), "--y-true", "y", "--y-score", "s", "--protected", "g"]
    assert main([*argv, "--threshold", "0.999999999", "--n-boot", "100"]) == 0
    out = capsys.readouterr().out
    assert "0.999999999*" in out and "audited 0.999999999 (*)" in out
    assert " 1*" not in out


def test_binning_is_stated_with_the_other_group_changes(tmp_path, capsys):
    """A binned numeric attribute is an edit of the groups: the terminal, the HTML and the model
    card say so with its edges, as they state merges and exclusions."""
    path = tmp_path / "d.csv"
    rows = [f"{20 + i % 50},{'AB'[i % 2]},{i % 2},{i // 2 % 2}" for i in range(300)]
    path.write_text("age,race,y,p\n" + "\n".join(rows) + "\n")
    html, card = tmp_path / "r.html", tmp_path / "card.md"
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "age",
            "--bins", "age=18,30,50,80", "--n-boot", "100", "--html", str(html),
            "--model-card", str(card)]  # fmt: skip
    assert main(argv) == 0
    said = "age: binned at edges 18, 30, 50, 80"
    assert said in capsys.readouterr().out
    assert said in html.read_text() and said in card.read_text()
