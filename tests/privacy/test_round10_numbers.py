"""Round 10 (issue 22): ``pcer audit --min-group-size`` is checked with the audit's words."""

import pandas as pd
import pytest

from ethiclens.cli import main


@pytest.mark.parametrize("value", ["1.5", "0", "abc"])
def test_min_group_size_has_the_audits_words(tmp_path, capsys, value):
    rows = pd.DataFrame({"g": ["a", "b"] * 5, "y": [0, 1] * 5, "p": [1, 1] * 5})
    rows.to_csv(tmp_path / "d.csv", index=False)
    data = ["--y-true", "y", "--y-pred", "p", "--protected", "g", "--min-group-size", value]
    assert main(["audit", str(tmp_path / "d.csv"), *data]) == 2
    audit_err = capsys.readouterr().err.strip()
    split = str(tmp_path / "d.csv")
    assert main(["pcer", "audit", "--train", split, "--test", split, *data]) == 2
    assert capsys.readouterr().err.strip() == audit_err
    assert "must be a whole number of at least 1" in audit_err
