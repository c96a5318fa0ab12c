"""Round 48: a request file's values refused at release did not name the file: 'key 'n in the
request': n′ = 10 exceeds the 2 audit rows', and a protected column the data lacks said
"column 'zz': not in the audit data", naming no request key or file. Both now name the file's
key as the audit's config file does ('key 'protected': req.json: ...'), the protected one with
the request to ask for (--protected, one of the data's columns, shortened past 15)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release


def _files(tmp_path, protected, n, data):
    req, path = tmp_path / "req.json", tmp_path / "d.csv"
    data.to_csv(path, index=False)
    args = ["p2nia", "request", "--n", str(n), "--protected", protected, "--epsilon", "1"]
    assert main([*args, "--groups", "a,b", "--metrics", "dp", "--out", str(req)]) == 0
    return req, path


def _cli(tmp_path, capsys, protected, n, data) -> str:
    req, path = _files(tmp_path, protected, n, data)
    capsys.readouterr()
    argv = ["p2nia", "release", "--request", str(req), "--data", str(path), "--y-pred", "p"]
    assert main([*argv, "--out", str(tmp_path / "rel")]) == 2
    assert not (tmp_path / "rel").exists()
    return capsys.readouterr().err


def _python(tmp_path, capsys, protected, n, data) -> str:
    req, _ = _files(tmp_path, protected, n, data)
    with pytest.raises(EthicLensInputError) as exc:
        release(req, data, None, "p")
    return f"error: {exc.value}\n"


SMALL = pd.DataFrame({"g": ["a", "b"], "p": [0, 1]})


@pytest.mark.parametrize("face", [_cli, _python])
def test_a_protected_column_the_data_lacks_names_the_request_file_key(tmp_path, capsys, face):
    err = face(tmp_path, capsys, "zz", 10, SMALL)
    req = tmp_path / "req.json"
    assert f"error: key 'protected': {req}: names the column 'zz', not in the audit data" in err
    assert "request again with --protected naming a column of the data: use one of g, p" in err


@pytest.mark.parametrize("face", [_cli, _python])
def test_n_past_the_audit_rows_names_the_request_file_key(tmp_path, capsys, face):
    err = face(tmp_path, capsys, "g", 10, SMALL)
    assert f"error: key 'n': {tmp_path / 'req.json'}: n′ = 10 exceeds the 2 audit rows" in err


def test_many_columns_are_listed_shortened(tmp_path, capsys):
    wide = pd.DataFrame(np.zeros((2, 30), dtype=int), columns=[f"c{i}" for i in range(30)])
    err = _cli(tmp_path, capsys, "zz", 10, wide.assign(p=[0, 1]))
    assert "c14" in err and "c15" not in err and "and 16 more" in err, err


def test_a_request_object_keeps_its_words():
    req = make_request(10, "zz", epsilon=1.0, protected_domain=["a", "b"], metrics=["dp"])
    with pytest.raises(EthicLensInputError, match=r"^column 'zz': not in the audit data"):
        release(req, SMALL, None, "p")
