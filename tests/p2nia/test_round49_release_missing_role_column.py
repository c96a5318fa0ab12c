"""Round 49: 'ethiclens p2nia release --data onecol.csv --y-true y --y-pred p' said "column 'p':
not in the audit data. Fix: use one of g" (the prediction named before the label, no option),
where 'ethiclens audit onecol.csv --y-true y --y-pred p' says "option '--y-true': column 'y' not
found in onecol.csv. Fix: use one of its columns: 'g'". A release now names a label or prediction
column its data lacks in the audit's words and order on each face (the option on the command
line, the argument in Python); the request's protected column is named as before."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release

DATA = pd.DataFrame({"g": ["a", "b"] * 10, "y": [0, 1] * 10, "p": [1, 0] * 10})


def _cli(tmp_path, capsys, command: str, data: pd.DataFrame, y_true: str, y_pred: str) -> str:
    path = tmp_path / "onecol.csv"
    data.to_csv(path, index=False)
    roles = ["--y-true", y_true, "--y-pred", y_pred]
    if command == "audit":
        argv = ["audit", str(path), *roles, "--protected", "g"]
    else:
        req = make_request(10, "g", protected_domain=["a", "b"], metrics="dp,eo", epsilon=1)
        (tmp_path / "req.json").write_text(json.dumps(req.to_dict()))
        argv = ["p2nia", "release", "--request", str(tmp_path / "req.json"), "--data", str(path)]
        argv += [*roles, "--out", str(tmp_path / "rel")]
    capsys.readouterr()
    assert main(argv) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("columns", "y_true", "y_pred", "said"),
    [
        (["g"], "y", "p", "option '--y-true': column 'y' not found in"),
        (["g", "y"], "y", "P", "option '--y-pred': column 'P' not found in"),
        (["g", "y", "p"], "Y", "p", "option '--y-true': column 'Y' not found in"),
    ],
    ids=["both-missing-label-first", "prediction", "near-miss"],
)
def test_release_says_it_as_the_audit(tmp_path, capsys, columns, y_true, y_pred, said):
    audit = _cli(tmp_path, capsys, "audit", DATA[columns], y_true, y_pred)
    released = _cli(tmp_path, capsys, "release", DATA[columns], y_true, y_pred)
    assert said in audit, audit
    assert released == audit, (released, audit)


def test_python_release_names_the_argument():
    req = make_request(10, "g", protected_domain=["a", "b"], metrics="dp,eo", epsilon=1)
    with pytest.raises(EthicLensInputError) as got:
        release(req, DATA[["g"]], "y", "p")
    said = str(got.value)
    assert said.startswith("argument 'y_true': column 'y' not found in the audit data"), said
    assert got.value.fix == "use one of its columns: 'g'"
