"""Round 49: 'probe make-counterfactuals' read a Parquet column of pandas Intervals (pd.cut's
bins saved with to_parquet) as the text '(0, 30]' and wrote its table, while audit, counts and
the monitor refuse such a column (round 48: not every engine reads it back as bins). The probe
now refuses it in their words, with the fix it can take (no --bins here), registered or not."""

import pandas as pd
import pytest

from ethiclens.cli import main


def _write(path):
    df = pd.DataFrame({"age": [20, 35, 50, 65, 30, 45], "y": [0, 1, 0, 1, 1, 0]})
    df["p"] = [0, 1, 1, 1, 0, 0]
    cut = pd.cut(df["age"], [0, 30, 50, 100])
    df["band"] = cut.astype(cut.cat.categories.dtype)
    df.to_parquet(path)


@pytest.mark.parametrize("fresh", [False, True], ids=["registered", "fresh"])
def test_make_counterfactuals_refuses_an_interval_column_as_audit_does(
    tmp_path, capsys, request, fresh
):
    path, out = tmp_path / "iv.parquet", tmp_path / "flip.csv"
    _write(path)
    if fresh:  # as a fresh process reads it
        request.getfixturevalue("interval_type_unregistered")
    argv = ["probe", "make-counterfactuals", str(path), "--protected", "band", "--out", str(out)]
    assert main(argv) == 2
    probe = capsys.readouterr().err
    argv = ["audit", str(path), "--y-true", "y", "--y-pred", "p", "--protected", "band"]
    assert main([*argv, "--engine", "pandas"]) == 2
    audit = capsys.readouterr().err
    assert not out.exists()
    said = audit.partition(". Fix:")[0]
    assert probe.startswith(said + ". Fix: save the bins as text"), (probe, audit)
    assert "--bins" not in probe
