"""Round 49: fixes the library gives in pandas code for Python were said so on the command
line, in a config file's run and on the web pages, whose user changes the file, never a data
frame: a positive label written ' yes' ("strip the whitespace around the labels (pandas:
df['label'].str.strip())"), written '1.00' ("pd.to_numeric"), adult.test's '>50K.', a score or
weight column of text, a counts table's count of text, categories no row has, two columns
writing the positive label differently. Each is now a FaceFix: Python keeps its pandas
code, the faces that give files (errors.in_cli_words) say what to change in the file."""

from __future__ import annotations

import json

import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError, in_cli_words

# (labels written, pos_label, the Python fix's pandas code, the file's words)
CASES = {
    "padded": ([" yes", " no"], "yes", "df['label'].str.strip()", "labels of 'label' in the file"),
    "number": (["1.00", "0", "x"], "1", "pd.to_numeric(df['label'])", "of 'label' as numbers"),
    "adult": ([">50K.", "<=50K.", ">50K"], ">50K", ".str.rstrip('.')", "of 'label' in the file"),
}


def _frame(labels) -> pd.DataFrame:
    rows = 4 * len(labels)
    return pd.DataFrame(
        {
            "label": (labels * 4)[:rows],
            "pred": ([1, 0] * rows)[:rows],
            "group": (["A", "B"] * rows)[:rows],
        }
    )


@pytest.mark.parametrize("case", CASES)
def test_python_keeps_the_pandas_code(case):
    labels, pos, code, _ = CASES[case]
    frame = _frame(labels)
    with pytest.raises(EthicLensInputError) as caught:
        ethiclens.audit(
            frame["label"].rename("label"), frame["pred"], frame[["group"]], pos_label=pos
        )
    assert code in caught.value.fix


@pytest.mark.parametrize("face", ["flags", "config"])
@pytest.mark.parametrize("case", CASES)
def test_the_command_line_and_a_config_say_the_file(tmp_path, capsys, case, face):
    labels, pos, _, words = CASES[case]
    frame = _frame(labels).assign(pred=lambda f: f["pred"].map({1: pos, 0: "n"}))
    data = tmp_path / "d.csv"
    frame.to_csv(data, index=False)
    if face == "flags":
        args = ["audit", str(data), "--y-true", "label", "--y-pred", "pred"]
        args += ["--protected", "group", "--pos-label", pos]
    else:
        config = tmp_path / "c.json"
        roles = {"y_true": "label", "y_pred": "pred", "protected": ["group"], "pos_label": pos}
        config.write_text(json.dumps({"target": {"file": str(data)}, "roles": roles}))
        args = ["audit", "--config", str(config)]
    assert main(args) == 2
    said = capsys.readouterr().err
    assert "does not occur as written" in said
    assert words in said
    assert "pandas" not in said and "df[" not in said


def test_the_other_fixes_carry_the_file_s_words():
    from ethiclens.fairness._validate import groups_without_rows, typed_numbers_error

    weights = typed_numbers_error(pd.Series(["1", "2"]), "w", "sample_weight")
    flags = typed_numbers_error(pd.Series([True, False]), "w", "sample_weight")
    scores = typed_numbers_error(pd.Series(["0.1", "0.2"]), "s", "y_score")
    unused = groups_without_rows(["C"], "g")
    for exc in (weights, flags, scores, unused):
        assert "pandas" in exc.fix
        assert "pandas" not in in_cli_words(exc).fix, exc.fix
    assert in_cli_words(unused).fix == (
        "drop unused categories (in a Parquet file: write it again without them, or store the "
        "column as text) or audit data that contains them"
    )


def test_a_counts_table_and_two_columns_written_apart_say_the_file(tmp_path, capsys):
    from ethiclens.fairness._counts import _FIX_TEXT  # a count written as text

    assert "pandas" in _FIX_TEXT and "pandas" not in _FIX_TEXT.cli
    data = tmp_path / "d.csv"
    data.write_text("label,pred,group\nyes,1,A\nno,0,B\nyes,0,A\nno,1,B\n")
    args = ["audit", str(data), "--y-true", "label", "--y-pred", "pred"]
    assert main([*args, "--protected", "group", "--pos-label", "yes"]) == 2
    said = capsys.readouterr().err
    assert "recode one column to the other's values in the file (e.g. 'pred')" in said
    assert "pandas" not in said
