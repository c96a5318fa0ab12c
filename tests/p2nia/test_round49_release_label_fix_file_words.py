"""Round 49: 'ethiclens p2nia release --data f.csv --y-true y ...' with labels -1/1 (yes/no,
scores, text '1.0'/'0.0') was told "recode it to 0/1 with 1 for the positive value, e.g. in
pandas df['y'] = (df['y'] == 1).astype(int) (before the release)" on the command line: the
release rebuilt _checks.label_fix's two-face fix as one plain string. It now keeps both (an
errors.FaceFix): Python the pandas code, the command line the file's words."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release

CASES = {  # the label column's values, the command line's words
    "minus one": ([-1, 1], "recode it to 0/1 in the file, with 1 for 1 (before the release)"),
    "yes/no": (["yes", "no"], "recode it to 0/1 in the file, with 1 for 'yes'"),
    "scores": ([0.1, 0.7, 0.3, 0.9], "threshold it into a 0/1 column in the file: 1 where 'y'"),
    "text 0/1": (["1.0", "0.0"], "store the column as integers 0 and 1 in the file"),
}


@pytest.mark.parametrize("case", CASES)
def test_release_fix_in_pandas_for_python_in_file_words_on_the_command_line(tmp_path, capsys, case):
    values, words = CASES[case]
    data = pd.DataFrame({"g": ["a", "b"] * 6, "y": values * (12 // len(values)), "p": [1, 0] * 6})
    req = make_request(10, "g", protected_domain=["a", "b"], metrics="dp,eo", epsilon=1)
    with pytest.raises(EthicLensInputError) as got:
        release(req, data, "y", "p")
    assert "e.g. in pandas" in got.value.fix and "(before the release)" in got.value.fix
    data.to_parquet(tmp_path / "f.parquet")
    (tmp_path / "req.json").write_text(json.dumps(req.to_dict()))
    argv = ["p2nia", "release", "--request", str(tmp_path / "req.json")]
    argv += ["--data", str(tmp_path / "f.parquet"), "--y-true", "y", "--y-pred", "p"]
    capsys.readouterr()
    assert main([*argv, "--out", str(tmp_path / "rel")]) == 2
    said = capsys.readouterr().err
    assert words in said and "pandas" not in said and "(before the release)" in said, said
