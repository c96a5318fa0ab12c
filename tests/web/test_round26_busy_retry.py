"""Round 26: a full audit queue answers 503 with a Retry-After header, as a failed PDF print
does (503 without one left a client nothing to schedule its retry by)."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from .conftest import make_frame, mapping_form, upload  # noqa: E402


def test_a_full_queue_says_when_to_retry(client, monkeypatch):
    from ethiclens.web._jobs import Busy

    def full(*args, **kwargs):
        raise Busy

    monkeypatch.setattr(client.app.state.runner, "submit", full)
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="100")
    r = client.post(url, data=form)
    assert r.status_code == 503
    assert r.headers.get("retry-after") == "60"
    assert "the audit queue is full" in r.text
