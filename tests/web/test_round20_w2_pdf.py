"""Round 20 (W2): the PDF download prints an audit's report once, whatever the requests at
once (the others wait and take the stored PDF), at most ``PDF_PRINTS`` browsers print at once
on the server, and HEAD never prints."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest


@pytest.fixture
def printer(monkeypatch):
    """A slow fake printer that counts its prints and how many ran at once."""
    from ethiclens.web import _portable

    seen = {"prints": 0, "now": 0, "most": 0}
    lock = threading.Lock()

    def print_pdf(html: str) -> bytes:
        with lock:
            seen["prints"] += 1
            seen["now"] += 1
            seen["most"] = max(seen["most"], seen["now"])
        time.sleep(0.3)
        with lock:
            seen["now"] -= 1
        return b"%PDF-1.4 " + html.encode()

    monkeypatch.setattr(_portable, "print_pdf", print_pdf)
    monkeypatch.setattr(_portable, "pdf_available", lambda: True)
    return seen


def _done_audits(app, n: int) -> list[str]:
    from ethiclens.web._store import Store

    store = Store(app.config.store)
    ids = []
    for i in range(n):
        audit = store.new_request(None, {"x": i}, "audit")
        store.finish(
            audit, result="{}", html=f"<p>{i}</p>", card=None, fingerprint="f", verdict="{}"
        )
        ids.append(audit)
    return ids


def _get_all(client, urls: list[str], method="GET") -> list:
    with ThreadPoolExecutor(len(urls)) as pool:
        return list(pool.map(lambda u: client.request(method, u), urls))


def test_six_downloads_at_once_print_the_pdf_once(client, app, printer):
    (audit,) = _done_audits(app, 1)
    answers = _get_all(client, [f"/audits/{audit}/download/pdf"] * 6)
    assert [r.status_code for r in answers] == [200] * 6
    assert {r.content for r in answers} == {b"%PDF-1.4 <p>0</p>"}
    assert printer["prints"] == 1


def test_prints_of_many_audits_at_once_are_bounded(client, app, printer):
    from ethiclens.web._routes_audit import PDF_PRINTS

    audits = _done_audits(app, 6)
    answers = _get_all(client, [f"/audits/{a}/download/pdf" for a in audits])
    assert [r.status_code for r in answers] == [200] * 6
    assert printer["prints"] == 6 and printer["most"] <= PDF_PRINTS


def test_head_never_prints(client, app, printer):
    (audit,) = _done_audits(app, 1)
    url = f"/audits/{audit}/download/pdf"
    heads = _get_all(client, [url] * 4, "HEAD")
    assert [r.status_code for r in heads] == [200] * 4
    assert heads[0].headers["content-type"] == "application/pdf"
    assert printer["prints"] == 0
    assert client.get(url).status_code == 200 and printer["prints"] == 1
    head = client.head(url)
    assert head.status_code == 200 and head.headers["content-length"] == str(
        len(b"%PDF-1.4 <p>0</p>")
    )
    assert printer["prints"] == 1
