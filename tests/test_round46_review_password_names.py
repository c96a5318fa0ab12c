"""Round 46 review of 205bb70d/330e0308: a column named like a URL with its password
('postgresql://u:hunter2@h/db') was refused by the file engines, the audit spec and the monitor,
but not on its siblings, which wrote the password: the Python arrays API
(``audit(y, p, df[[name]])``, a Series or dict so named: the JSON report's attribute), a P2NIA
request's protected column and a release's extra columns (the request, the release's header and
manifest), and the web's mapping form (the job's spec, then its reports). Each now refuses it in
the one wording (io.refuse_password_names); the web names the field (422)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import AuditRequest
from ethiclens.web._roles import FormErrors, form_to_spec

NAME = "postgresql://u:hunter2@h/db"
SAID = "the column's name holds a URL with a password"


@pytest.fixture
def frame():
    rng = np.random.default_rng(0)
    n = 120
    return pd.DataFrame(
        {"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), NAME: rng.choice(["a", "b"], n)}
    )


@pytest.mark.parametrize("shape", ["frame", "series", "dict"])
def test_the_arrays_api_refuses_an_attribute_so_named(frame, shape):
    groups = {"frame": frame[[NAME]], "series": frame[NAME], "dict": {NAME: frame[NAME].values}}
    with pytest.raises(EthicLensInputError, match=SAID) as err:
        ethiclens.audit(frame["y"], frame["p"], groups[shape])
    assert "hunter2" not in str(err.value) and "u:***@h/db" in str(err.value)


def test_a_p2nia_request_and_release_refuse_it(tmp_path, capsys):
    with pytest.raises(EthicLensInputError, match=SAID):
        AuditRequest(100, NAME, epsilon=1.0)
    out = tmp_path / "req.json"
    args = ["p2nia", "request", "--n", "100", "--protected", NAME, "--epsilon", "1"]
    assert main([*args, "--out", str(out)]) == 2
    assert not out.exists() and "hunter2" not in capsys.readouterr().err
    rng = np.random.default_rng(0)
    data = pd.DataFrame(
        {"g": rng.choice(["a", "b"], 200), "y": rng.integers(0, 2, 200)}
        | {"p": rng.integers(0, 2, 200), "mysql://a:pw2@h/x": rng.random(200)}
    )
    data.to_csv(tmp_path / "d.csv", index=False)
    req = tmp_path / "r.json"
    args = ["p2nia", "request", "--n", "50", "--protected", "g", "--groups", "a,b", "--epsilon"]
    assert main([*args, "1", "--mechanism", "mst", "--delta", "1e-6", "--out", str(req)]) == 0
    args = ["p2nia", "release", "--request", str(req), "--data", str(tmp_path / "d.csv")]
    args += ["--y-true", "y", "--y-pred", "p", "--columns", "mysql://a:pw2@h/x"]
    args += ["--out", str(tmp_path / "rel")]
    assert main(args) == 2
    assert SAID in capsys.readouterr().err and not (tmp_path / "rel").exists()


def _profile(names):
    return {
        "columns": [{"name": n, "numeric": True, "distinct": 2, "values": [0, 1]} for n in names],
        "whole_file": True,
    }


def test_the_web_mapping_names_the_field():
    prof = _profile(["y", "p", NAME])
    with pytest.raises(FormErrors) as caught:
        form_to_spec({"y_true": "y", "y_pred": "p", "protected_list": ["2"]}, prof, {"file": "x"})
    assert list(caught.value.errors) == ["prot_2"] and SAID in caught.value.errors["prot_2"]
    prof = _profile([NAME, "p", "g"])
    with pytest.raises(FormErrors) as caught:
        form_to_spec({"y_true": NAME, "y_pred": "p", "protected_list": ["2"]}, prof, {"file": "x"})
    assert list(caught.value.errors) == ["y_true"] and "hunter2" not in str(caught.value.errors)
