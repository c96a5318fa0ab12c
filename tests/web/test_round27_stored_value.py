"""Round 27: a run's refusal stored for the web pages quotes its value as the command line
does (``str(exc)``'s "(value: …)", within the library's bounds), not in a shorter repr of its
own (a list of eight values cut to six), and a value the web's own repr could not write (an
int of thousands of digits) still stores the refusal instead of failing the job as a worker
that stopped."""

from __future__ import annotations

import json

import pytest

from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    "value",
    [list(range(8)), {"a": [1, [2, [3, [4]]]]}, 10**5000, "x" * 400],
    ids=["eight-values", "nested", "huge-int", "long-text"],
)
def test_a_refusal_s_stored_value_is_the_command_line_s(tmp_path, monkeypatch, value):
    from ethiclens.spec import AuditSpec
    from ethiclens.web._jobs import run_job
    from ethiclens.web._store import Store

    def refuse(*args, **kwargs):
        raise EthicLensInputError("is refused", column="seed", value=value, fix="change it")

    monkeypatch.setattr(AuditSpec, "from_dict", refuse)
    store = Store(tmp_path / "history.sqlite")
    audit_id = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
    assert run_job(str(tmp_path / "history.sqlite"), audit_id, {"target": {}}, "audit") == "failed"
    error = json.loads(store.audit(audit_id)["error"])
    expected = str(EthicLensInputError("is refused", value=value))
    assert error["problem"] + f" (value: {error['value']})" == expected
    assert error["message"] == str(_exc(value))


def _exc(value):
    return EthicLensInputError("is refused", column="seed", value=value, fix="change it")
