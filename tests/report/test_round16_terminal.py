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
