"""Round 20 (W3): a PDF renderer that crashes while printing (killed, out of memory) is a
failed print, said as such with a retry hint (503, Retry-After), not "this server cannot
print PDFs (no renderer available)", which is said (404) only where no renderer is installed;
the retry prints the PDF."""

from __future__ import annotations

import html
import re
import stat

import pytest

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

# A browser that dies by SIGKILL on its first print (as one killed mid-print does) and prints
# a (whole: %%EOF) PDF on the next ones.
_CRASHING = """#!/bin/sh
calls="$0.calls"
echo x >> "$calls"
[ "$(wc -l < "$calls")" -eq 1 ] && kill -9 $$
for arg in "$@"; do
  case "$arg" in
    --print-to-pdf=*) printf '%%PDF-1.4 printed\n%%%%EOF\n' > "${arg#--print-to-pdf=}";;
  esac
done
"""


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split()).lower()


def _done_audit(app) -> str:
    from ethiclens.web._store import Store

    store = Store(app.config.store)
    audit = store.new_request(None, {"x": 1}, "audit")
    store.finish(audit, result="{}", html="<p>1</p>", card=None, fingerprint="f", verdict="{}")
    return audit


def test_a_renderer_that_crashes_mid_print_is_a_failed_print_to_retry(
    client, app, tmp_path, monkeypatch
):
    browser = tmp_path / "chromium"
    browser.write_text(_CRASHING, encoding="utf-8")
    browser.chmod(browser.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(browser))
    url = f"/audits/{_done_audit(app)}/download/pdf"
    failed = client.get(url)
    assert failed.status_code == 503, failed.text[-600:]
    text = _text(failed.text)
    assert "printing the pdf failed" in text and "try again" in text, text[-600:]
    assert "no renderer" not in text
    assert failed.headers.get("retry-after")
    again = client.get(url)
    # a whole PDF ends in %%EOF (round 26: the library refuses one cut short)
    assert again.status_code == 200 and again.content == b"%PDF-1.4 printed\n%%EOF\n"


def test_no_renderer_installed_is_said_so(client, app, tmp_path, monkeypatch):
    monkeypatch.setenv("ETHICLENS_CHROMIUM", str(tmp_path / "no-such-browser"))
    r = client.get(f"/audits/{_done_audit(app)}/download/pdf")
    assert r.status_code == 404
    assert "this server cannot print pdfs (no renderer available)" in _text(r.text)
