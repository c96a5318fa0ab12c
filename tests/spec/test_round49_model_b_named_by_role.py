"""One request, many faces: a comparison whose model B predicts exactly as model A is refused
naming the role that gave both models. The command line said "option '--y-pred': model B's
predictions ... are identical" (a config file: "key 'roles.y_pred'"), but ``ethiclens.run`` and
``ethiclens.compare`` on the same request said "column 'pred_b'": the engine's keyword, called a
column, which the caller never wrote (round 49)."""

from __future__ import annotations

import pandas as pd
import pytest
import yaml

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

ROLES = {"y_true": "label", "y_pred": ["pred", "pred2"], "protected": ["sex"]}
SPEC = {"version": 1, "target": {"file": "d.csv"}, "roles": ROLES}
SAID = "model B's predictions ('pred2') are identical to model A's ('pred')"


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pred = [0, 1, 1, 0] * 3
    rows = {"label": [0, 1] * 6, "pred": pred, "pred2": pred, "sex": list("MF") * 6}
    pd.DataFrame(rows).to_csv("d.csv", index=False)
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(SPEC))
    return tmp_path


CLI = {
    "flags": (
        ["compare", "d.csv", "--y-true", "label", "--y-pred", "pred", "--y-pred", "pred2"]
        + ["--protected", "sex"],
        "option '--y-pred'",
    ),
    "config": (["compare", "--config", "c.yaml"], "key 'roles.y_pred'"),
}
PYTHON = {
    "run keywords": (lambda: ethiclens.run("d.csv", **ROLES), "argument 'y_pred'"),
    "run dict": (lambda: ethiclens.run(SPEC), "key 'roles.y_pred'"),
    "run file": (lambda: ethiclens.run("c.yaml"), "key 'roles.y_pred'"),
    "compare keywords": (lambda: ethiclens.compare("d.csv", **ROLES), "argument 'y_pred'"),
    "compare file": (lambda: ethiclens.compare("c.yaml"), "key 'roles.y_pred'"),
}


@pytest.mark.parametrize("face", list(CLI))
def test_the_command_line(data, capsys, face):
    argv, where = CLI[face]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"error: {where}: {SAID}" in err, err


@pytest.mark.parametrize("face", list(PYTHON))
def test_python_names_the_role_as_the_caller_gave_it(data, face):
    call, where = PYTHON[face]
    with pytest.raises(EthicLensInputError) as caught:
        call()
    assert str(caught.value).startswith(f"{where}: {SAID}"), caught.value
    assert "pred_b" not in str(caught.value)
