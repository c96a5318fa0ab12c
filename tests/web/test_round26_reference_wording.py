"""Round 26: the mapping form refused a reference group the file lacks in its own words
(``column 'group': unknown reference group (value: 'nosuch')``) while the command line, Python,
a config file and the failed audit page say ``unknown reference group of 'group'``; one
product, one wording: the form's message is the library's, after the flag the CLI names."""

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.web._roles import FormErrors, form_to_spec

PROFILE = {
    "columns": [{"name": n, "numeric": True, "distinct": 2, "values": [0, 1]} for n in "yp"]
    + [{"name": "group", "numeric": False, "distinct": 2, "values": ["A", "B"]}],
    "whole_file": True,
}


@pytest.mark.parametrize("ref", ["nosuch", "a", "A\u200b"])
def test_the_form_refuses_a_reference_in_the_command_line_s_words(ref, tmp_path, capsys):
    frame = pd.DataFrame({"y": [1, 0, 1, 0], "p": [1, 1, 0, 0], "group": ["A", "B"] * 2})
    frame.to_csv(tmp_path / "a.csv", index=False)
    argv = [str(tmp_path / "a.csv"), "--y-true", "y", "--y-pred", "p"]
    assert main(["audit", *argv, "--protected", f"group={ref}"]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    with pytest.raises(FormErrors) as caught:
        form = {"y_true": "y", "y_pred": "p", "protected_list": ["2"], "ref_2": ref}
        form_to_spec(form, PROFILE, {"file": "a.csv"})
    assert said == "error: option '--protected': " + caught.value.errors["ref_2"]
