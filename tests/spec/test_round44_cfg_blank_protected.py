"""A protected attribute named by blanks only (round 44, cfg).

Before: ``--protected '   '``, ``--protected '=F'``, ``roles.protected: ['   ']`` or a mapping
key ``''`` were stripped to the name '' and refused as "column '': not found in d.csv", naming
no key and not the value given; ``--protected ''`` alone said "must not be empty". Now every
face refuses each of them by its key, with the value as given. A data column whose own name is
blanks is still matched whole.
"""

from __future__ import annotations

import pandas as pd
import pytest
import yaml

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import parse_protected

ROLES = {"y_true": "y", "y_pred": "p"}


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    n = 40
    pd.DataFrame(
        {
            "y": [i % 2 for i in range(n)],
            "p": [(i // 2) % 2 for i in range(n)],
            "sex": ["F", "M"] * 20,
        }
    ).to_csv("d.csv", index=False)
    return tmp_path


@pytest.mark.parametrize("entry", ["   ", "=F", " =F"])
def test_cli_blank_protected_is_refused_by_the_flag(data, capsys, entry):
    args = ["audit", "d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "sex"]
    rc = main([*args, "--protected", entry, "--json", "o.json"])
    err = capsys.readouterr().err
    assert rc == 2
    assert f"option '--protected': must not be empty (value: {entry!r})" in err
    assert "not found" not in err


@pytest.mark.parametrize("protected", [["sex", "   "], {"sex": None, "  ": "F"}, {"": None}])
def test_config_and_python_blank_protected_are_refused_by_key(data, capsys, protected):
    spec = {"target": {"file": "d.csv"}, "roles": {**ROLES, "protected": protected}}
    (data / "a.yaml").write_text(yaml.safe_dump(spec))
    assert main(["audit", "--config", "a.yaml", "--json", "o.json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'roles.protected") and "must not be empty" in err
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.run("d.csv", **ROLES, protected=protected)
    assert exc.value.problem == "must not be empty"
    assert str(exc.value).startswith("argument 'protected'")


def test_a_column_named_by_blanks_is_still_matched_whole():
    assert parse_protected(["  ", "sex"], columns=["  ", "sex"]) == (["  ", "sex"], {})
