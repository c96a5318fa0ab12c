"""ethiclens.load_target(spec) is a Python call on a spec: its refusals name the spec's keys
(target.db, target.engine), not the command line's flags (--db, --engine) its caller never typed;
the CLI and the web keep their flag words."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, load_target


def _spec(**target):
    return AuditSpec.of(y_true="y", y_pred=["p"], protected=["g"], **target)


def test_a_database_without_table_names_the_key():
    with pytest.raises(EthicLensInputError) as exc:
        load_target(_spec(db="sqlite:///nowhere.db"))
    assert exc.value.column == "target.db"
    assert "--" not in str(exc.value)


def test_an_engine_beside_a_database_names_the_key():
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.load_target(_spec(db="sqlite:///x.db", table="t", engine="dask"))
    assert exc.value.column == "target.engine"
    assert "--engine" not in str(exc.value) and "--db" not in str(exc.value)


def test_the_cli_keeps_its_flags(capsys):
    from ethiclens.cli import main

    code = main(["audit", "--db", "sqlite:///x.db", "--table", "t", "--engine", "dask",
              "--y-true", "y", "--y-pred", "p", "--protected", "g"])  # fmt: skip
    assert code == 2
    assert "--engine" in capsys.readouterr().err
