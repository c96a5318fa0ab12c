"""Round 49: a label or prediction column that is not 0/1 was told its fix in pandas code on
the command line, a config's run and the web ('recode it to 0/1 ..., e.g. in pandas
df['label'] = (df['label'] == 'yes').astype(int)', 'threshold it ..., e.g. in pandas ...',
'store the column as integers, e.g. in pandas ...'). _checks.label_fix now gives a FaceFix:
Python keeps the pandas code, the faces that give files say what to change in the file."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

CASES = {  # the label column's values, the file's words
    "two values": (["yes", "no"], "recode it to 0/1 in the file, with 1 for 'yes'"),
    "scores": ([0.7, 0.2, 0.4, 0.9], "threshold it into a 0/1 column in the file: 1 where"),
    "text 0/1": (["1.0", "0.0"], "store the column as integers 0 and 1 in the file"),
}


@pytest.mark.parametrize("case", CASES)
def test_python_keeps_the_pandas_code_the_command_line_says_the_file(tmp_path, capsys, case):
    values, words = CASES[case]
    frame = pd.DataFrame({"label": values * 4, "pred": [1, 0] * (2 * len(values))})
    frame["group"] = ["A", "B"] * (2 * len(values))
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(frame["label"], frame["pred"], frame[["group"]])
    assert "e.g. in pandas" in caught.value.fix
    frame.astype({"label": str} if case == "text 0/1" else {}).to_parquet(tmp_path / "d.parquet")
    args = ["audit", str(tmp_path / "d.parquet"), "--y-true", "label", "--y-pred", "pred"]
    assert main([*args, "--protected", "group"]) == 2
    said = capsys.readouterr().err
    assert words in said and "pandas" not in said, said
