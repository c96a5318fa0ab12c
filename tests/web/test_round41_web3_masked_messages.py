"""Round 41 (web3): the web app masked a refusal's problem and fix whole (its error page, the
errors by a form's fields, a failed run's stored record), so a choice named like a password
(``a password='x``) ate the choices and words after it: 'use one of ["a password=***b', 'c']'.
Each quoted piece is now masked alone, as the library's own messages are (masked_quotes)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from ethiclens.errors import EthicLensInputError

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

CHOICES = "use one of [\"a password='x\", 'b', 'c'] as the reference"
SHOWN = "use one of [&#34;a password=***&#34;, &#39;b&#39;, &#39;c&#39;] as the reference"


def test_a_failed_runs_record_masks_each_choice_alone(tmp_path, monkeypatch):
    from ethiclens.spec import AuditSpec
    from ethiclens.web._jobs import run_job
    from ethiclens.web._store import Store

    def refuse(*args, **kwargs):
        raise EthicLensInputError(f"no group zz: {CHOICES}", column="ref", fix=CHOICES)

    monkeypatch.setattr(AuditSpec, "from_dict", refuse)
    store = Store(tmp_path / "history.sqlite")
    audit_id = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
    assert run_job(str(tmp_path / "history.sqlite"), audit_id, {"target": {}}, "audit") == "failed"
    error = json.loads(store.audit(audit_id)["error"])
    expected = "use one of [\"a password=***\", 'b', 'c'] as the reference"
    assert error["fix"] == expected  # was 'use one of ["a password=***b', 'c'] as ...'
    assert error["problem"] == f"no group zz: {expected}"
    assert "'x" not in error["message"] and expected in error["message"]


def test_an_error_page_and_a_fields_error_mask_each_choice_alone(app):
    web = app.state.web
    request = SimpleNamespace(state=SimpleNamespace(csrf=""))
    page = web.error_page(request, 422, f"no group zz: {CHOICES}", CHOICES).body.decode()
    assert page.count(SHOWN) == 2 and "password=&#39;x" not in page
    page = web.home_page(request, 400, errors={"file": CHOICES}).body.decode()
    assert SHOWN in page and "password=&#39;x" not in page
