"""A data column named TARGET (common in shared data sets) is a column in every refusal about it:
the command line said "argument 'TARGET'" when it was missing, a config file's user was told
"key 'target'", and Python said "argument 'spec'" — the names each face gives the target file.
Refusals of the target file itself keep those names."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


@pytest.fixture()
def files(tmp_path, monkeypatch):
    rng = np.random.default_rng(0)
    n = 300
    y, p = rng.integers(0, 2, n), rng.integers(0, 2, n)
    pd.DataFrame({"y": y, "p": p, "TARGET": rng.normal(size=n) * 10}).to_csv(
        tmp_path / "tg.csv", index=False
    )
    pd.DataFrame({"y": y, "p": p, "g": rng.choice(["a", "b"], n)}).to_csv(
        tmp_path / "ok.csv", index=False
    )
    monkeypatch.chdir(tmp_path)
    return tmp_path


ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "TARGET"]


@pytest.mark.parametrize("data", ["tg.csv", "ok.csv"])
def test_the_command_line_names_the_data_column(files, capsys, data):
    assert main(["audit", data, *ROLES]) == 2
    err = capsys.readouterr().err
    assert "column 'TARGET'" in err
    assert "argument 'TARGET'" not in err


@pytest.mark.parametrize("data", ["tg.csv", "ok.csv"])
def test_a_config_file_names_the_data_column(files, capsys, data):
    (files / "c.yaml").write_text(
        f"target: {{file: {data}}}\nroles: {{y_true: y, y_pred: p, protected: [TARGET]}}\n"
    )
    assert main(["audit", "--config", "c.yaml"]) == 2
    err = capsys.readouterr().err
    assert "column 'TARGET'" in err
    assert "key 'target'" not in err


@pytest.mark.parametrize(
    "data, extra",
    [("tg.csv", {}), ("ok.csv", {}), ("tg.csv", {"bins": {"TARGET": [0, 1]}})],
)
def test_python_names_the_data_column(files, data, extra):
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(data, y_true="y", y_pred="p", protected=["TARGET"], **extra)
    # 3856a296: a column the data lacks is named with the argument that gave it
    assert str(exc.value).startswith(
        "argument 'protected': column 'TARGET'" if data == "ok.csv" else "column 'TARGET'"
    )
    spec = {
        "target": {"file": data},
        "roles": {"y_true": "y", "y_pred": "p", "protected": ["TARGET"]},
    }
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.run(spec)
    assert str(exc.value).startswith(
        "key 'roles.protected': column 'TARGET'" if data == "ok.csv" else "column 'TARGET'"
    )


def test_the_target_file_keeps_its_names(files, capsys):
    assert main(["audit", "nosuch.csv", "--y-true", "y", "--y-pred", "p", "--protected", "g"]) == 2
    assert "argument 'TARGET'" in capsys.readouterr().err
    (files / "n.yaml").write_text("roles: {y_true: y, y_pred: p, protected: [g]}\n")
    assert main(["audit", "--config", "n.yaml"]) == 2
    assert "key 'target'" in capsys.readouterr().err


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize(
    "rows, problem",
    [
        ("1,0,a\n0,1,\n1,1,b\n0,0,a\n", "missing group value(s)"),
        ("1,0,a\n0,1," + "x" * 300 + "\n1,1,b\n0,0,a\n", "longer than 256 characters"),
    ],
)
def test_group_refusals_of_a_column_named_target_name_the_column(
    files, capsys, engine, rows, problem
):
    (files / "m.csv").write_text("y,p,TARGET\n" + rows)
    assert main(["audit", "m.csv", *ROLES, "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert "column 'TARGET'" in err
    assert problem in err
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit("m.csv", y_true="y", y_pred="p", protected=["TARGET"], engine=engine)
    assert str(exc.value).startswith("column 'TARGET'")
