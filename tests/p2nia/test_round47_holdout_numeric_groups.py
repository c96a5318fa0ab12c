"""Round 47 holdout (ACSIncome as a user's CSV): SEX written 1.0/2.0 (a column of whole
floats) and a request for groups 1,2 was refused as 'values ['1.0', '2.0'] are outside the
requested domain ... Fix: request every group', though every group was requested: the data
spells them as the same numbers otherwise. The release now names the requested group and how
the data writes it, with the audit's 'did you mean' and the request that matches (every face:
Python and the CLI share the one check)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release


def _frame(groups) -> pd.DataFrame:
    n = 200
    r = np.random.default_rng(0)
    g = np.asarray(groups)[np.arange(n) % len(groups)]
    return pd.DataFrame({"SEX": g, "y": r.integers(0, 2, n), "p": r.integers(0, 2, n)})


def _python(tmp_path, asked, groups) -> str:
    req = make_request(100, "SEX", protected_domain=asked, epsilon=5.0)
    with pytest.raises(EthicLensInputError) as exc:
        release(req, _frame(groups), "y", "p", random_state=1)
    return str(exc.value)


def _cli(tmp_path, asked, groups, capsys=None) -> str:
    data, req = tmp_path / "d.csv", tmp_path / "r.json"
    _frame(groups).to_csv(data, index=False)
    args = ["p2nia", "request", "--n", "100", "--protected", "SEX", "--epsilon", "5"]
    assert main([*args, "--groups", ",".join(asked), "--out", str(req)]) == 0
    args = ["p2nia", "release", "--request", str(req), "--data", str(data), "--y-true", "y"]
    assert main([*args, "--y-pred", "p", "--seed", "1", "--out", str(tmp_path / "o")]) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("face", ["python", "cli"])
def test_a_requested_number_written_otherwise_is_named_not_called_outside(tmp_path, capsys, face):
    asked, groups = ["1", "2"], [1.0, 2.0]
    if face == "python":
        said = _python(tmp_path, asked, groups)
    else:
        said = _cli(tmp_path, asked, groups, capsys)
    assert "outside the requested domain" not in said, said
    assert "the data writes the requested group '1' as '1.0'" in said, said
    assert "did you mean '1.0' (the same number, as written there)?" in said, said
    assert "--groups 1.0,2.0" in said, said


def test_a_group_really_outside_keeps_its_words_beside_a_number(tmp_path):
    said = _python(tmp_path, ["1", "2"], [1, 2, 3])
    assert "values 3 are outside the requested domain 1, 2:" in said, said
