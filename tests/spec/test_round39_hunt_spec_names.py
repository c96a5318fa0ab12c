"""Round 39 (hunt_spec): a Python caller who gave a spec is never told about a flag:
``ethiclens.run(spec)`` named a database's refusal ``option '--db URL'`` (``--db-env NAME``)."""

from __future__ import annotations

import pytest

import ethiclens
from ethiclens import AuditSpec
from ethiclens.errors import EthicLensInputError

_ROLES = {"y_true": "a", "y_pred": ["b"], "protected": ["c"]}


def _message(call) -> EthicLensInputError:
    with pytest.raises(EthicLensInputError) as info:
        call()
    assert "--" not in str(info.value), str(info.value)
    return info.value


@pytest.mark.parametrize("face", ["spec", "dict"])
def test_a_bad_database_url_is_named_by_its_key(face):
    pytest.importorskip("sqlalchemy")
    spec = AuditSpec.of(db="notaurl", table="t", **_ROLES)
    calls = {
        "spec": lambda: ethiclens.run(spec),
        "dict": lambda: ethiclens.run({"target": {"db": "notaurl", "table": "t"}, "roles": _ROLES}),
    }
    exc = _message(calls[face])
    assert (exc.kind, exc.column) == ("key", "target.db notaurl")
    assert "cannot use this database URL" in exc.problem


def test_a_bad_url_in_the_environment_is_named_by_its_key(monkeypatch):
    pytest.importorskip("sqlalchemy")
    monkeypatch.setenv("ETHICLENS_R39_BAD_URL", "notaurl")
    target = {"db_env": "ETHICLENS_R39_BAD_URL", "table": "t"}
    exc = _message(lambda: ethiclens.run({"target": target, "roles": _ROLES}))
    assert (exc.kind, exc.column) == ("key", "target.db_env ETHICLENS_R39_BAD_URL")


@pytest.mark.parametrize("call", [ethiclens.audit, ethiclens.compare, ethiclens.threshold_table])
def test_a_target_in_bytes_is_refused_as_run_refuses_it(call):
    # was the arrays form's TypeError: "audit() missing 2 required positional arguments"
    with pytest.raises(EthicLensInputError, match="not bytes") as info:
        call(b"compas")
    assert info.value.column == "spec"
