"""Round 15 of the web app: the server stops at once on SIGTERM (its running audit marked
interrupted, its worker killed, nothing written late), a small Parquet file is never a
decompression bomb, an identifier ticked as protected is refused naming its groups, a
GET-only page answers 405 to a POST, and a picked path not listed is 403 whatever it is."""

from __future__ import annotations

import re
import signal
import sqlite3
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _many_groups_csv(path: Path, groups: int = 2000, per_group: int = 15) -> Path:
    """A file whose audit takes a while (its report draws a row per group: 2,000 groups take
    about 5 s; 300 took half a minute before the report stopped scanning lists, 2 s after),
    not an ID."""
    rng = np.random.default_rng(0)
    n = groups * per_group
    pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "grp": np.repeat([f"g{i}" for i in range(groups)], per_group),
        }
    ).to_csv(path, index=False)
    return path


def _children(pid: int) -> list:
    import psutil

    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return []


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_server_stops_now_and_marks_its_audit_interrupted(tmp_path, sig):
    import httpx
    import psutil

    sys.path.insert(0, str(ROOT / "bench"))
    from bench_web import Server

    big = _many_groups_csv(tmp_path / "many.csv")
    server = Server(tmp_path / "data", workers=1)
    try:
        with httpx.Client(base_url=server.url, follow_redirects=False, timeout=60) as c:
            token = re.search(r'name="csrf" value="([0-9a-f]+)"', c.get("/").text)[1]
            with open(big, "rb") as fh:
                r = c.post("/upload", data={"csrf": token}, files={"file": ("many.csv", fh)})
            form = {"csrf": token, "rev": "0", "y_true": "label", "y_pred": "pred",
                    "protected": ["2"], "n_boot": "200"}  # fmt: skip
            audit = c.post(r.headers["location"], data=form).headers["location"]
            deadline = time.time() + 60
            while "reading the data" not in c.get(audit).text:
                assert time.time() < deadline
                time.sleep(0.05)
        workers = _children(server.proc.pid)
        assert workers
        time.sleep(1)  # the worker is well into the audit (its report takes seconds)
        start = time.time()
        server.proc.send_signal(sig)
        server.proc.wait(timeout=30)
        assert time.time() - start < 8, "the server waited for its running audit"
        _, alive = psutil.wait_procs(workers, timeout=3)
        assert not alive, "a worker outlived its server"
    finally:
        for child in _children(server.proc.pid):
            child.kill()
        server.close()
    db = sqlite3.connect(tmp_path / "data" / "ethiclens-web.sqlite")
    rows = db.execute("SELECT status, result, html FROM audits WHERE status != 'draft'")
    assert rows.fetchall() == [("interrupted", None, None)]


def test_a_late_worker_writes_nothing_into_an_interrupted_audit(tmp_path):
    from ethiclens.web._store import Store

    store = Store(tmp_path / "h.sqlite")
    audit = store.new_request(None, {"x": 1}, "audit")
    store.step(audit, "reading the data and computing the intervals")
    assert store.interrupt([audit]) == 1
    store.finish(audit, result="{}", html="<p>", card=None, fingerprint="f", verdict="{}")
    store.fail(audit, {"problem": "worker stopped"})
    row = store.audit(audit)
    assert (row["status"], row["result"], row["html"], row["error"]) == (
        "interrupted",
        None,
        None,
        None,
    )


# -- a small Parquet file is no decompression bomb ---------------------------------------------
def _parquet(columns: dict) -> bytes:
    import io

    import pyarrow as pa
    import pyarrow.parquet as pq

    buf = io.BytesIO()
    pq.write_table(pa.table(columns), buf)
    return buf.getvalue()


def test_a_sorted_parquet_file_that_expands_to_a_megabyte_is_accepted(client):
    from tests.web.conftest import upload

    n = 50_000  # sorted by group: a few kB on disk, 1.2 MB in memory (about 440 times)
    content = _parquet(
        {
            "label": np.zeros(n, dtype=np.int64),
            "pred": np.zeros(n, dtype=np.int64),
            "g": np.repeat(["A", "B"], n // 2),
        }
    )
    assert len(content) * 200 < n * 3 * 8
    r = upload(client, content, "sorted.parquet")
    assert r.status_code == 303, r.text[-1500:]
    assert "/mapping" in r.headers["location"]


@pytest.mark.parametrize("max_upload", [1 << 20, 1 << 30])
def test_a_parquet_file_expanding_past_the_upload_limit_is_still_a_bomb(tmp_path, max_upload):
    from starlette.testclient import TestClient

    from tests.web.conftest import make_app, upload

    # 20 columns of zeros: a few kB that expand to 20 x 8 bytes a row in memory
    rows = 1_000_000 if max_upload < 64 << 20 else 7_000_000
    zeros = np.zeros(rows, dtype=np.int8)
    content = _parquet({f"c{i}": zeros for i in range(20)})
    with TestClient(make_app(tmp_path, max_upload=max_upload), follow_redirects=False) as c:
        r = upload(c, content, "bomb.parquet")
    assert r.status_code == 413, r.text[-1500:]
    error = re.search(r'id="error-file"[^>]*>([^<]*)<', r.text).group(1)
    assert "refused as a decompression bomb" in error
    expanded, ratio, floor = {1 << 20: ("153 MB", 2346, "64 MB")}.get(
        max_upload, ("1.04 GB", 2376, "1 GB")
    )
    assert error.startswith(
        f"the Parquet file would expand to {expanded} in memory ({ratio}× its size, over "
        f"{floor}): refused as a decompression bomb. Fix: upload the table as CSV"
    ), error


# -- the method before the size ----------------------------------------------------------------
def _bare_post(app, path: str) -> tuple[int, dict, str]:
    """(status, headers, body) of a POST without a body or a Content-Length (``curl -X
    POST URL``), sent to the ASGI app as the server would."""
    import asyncio

    scope = {
        "type": "http",
        "method": "POST",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1")],
        "scheme": "http",
        "http_version": "1.1",
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
    }
    sent = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    headers = {k.decode(): v.decode() for k, v in sent[0]["headers"]}
    body = b"".join(m.get("body", b"") for m in sent[1:]).decode()
    return sent[0]["status"], headers, body


@pytest.mark.parametrize("path", ["/history", "/", "/diff", "/monitoring", "/audits/nosuch"])
def test_a_post_without_a_body_to_a_get_only_page_is_405(app, path):
    status, headers, body = _bare_post(app, path)
    assert status == 405, body[-1500:]
    assert "This address does not take that method" in body
    assert "GET" in headers["allow"]


def test_a_post_to_a_page_that_takes_it_still_needs_its_size(app):
    status, _, body = _bare_post(app, "/pick")
    assert status == 413 and "The form is too large (or did not say its size)" in body
    assert _bare_post(app, "/nosuch")[0] == 404


# -- one rule for a picked path ----------------------------------------------------------------
def test_every_picked_path_that_is_not_listed_is_403_in_the_same_words(tmp_path):
    import html

    from starlette.testclient import TestClient

    from tests.web.conftest import csrf_of, make_app, make_frame

    data = tmp_path / "data"
    (data / "sub").mkdir(parents=True)
    make_frame(200).to_csv(data / "feed.csv", index=False)
    outside = tmp_path / "outside.csv"
    make_frame(200).to_csv(outside, index=False)
    (data / "link.csv").symlink_to(outside)
    with TestClient(make_app(tmp_path), follow_redirects=False) as client:
        token = csrf_of(client.get("/").text)
        paths = ["sub/../feed.csv", str(outside), ".", "", "../x", "link.csv", "nope.csv",
                 "sub", "./feed.csv", str(data / "feed.csv")]  # fmt: skip
        for path in paths:
            r = client.post("/pick", data={"csrf": token, "path": path})
            assert r.status_code == 403, path
            assert (
                "not a data file in this server's data folder: only the files listed can be "
                "audited. Fix: pick one from the list, or upload a file"
            ) in html.unescape(r.text), path
        assert client.post("/pick", data={"csrf": token, "path": "feed.csv"}).status_code == 303


# -- an identifier ticked as protected ---------------------------------------------------------
def _ids_frame(n: int = 5_000, every: int = 1) -> pd.DataFrame:
    """``n`` rows whose 'uid' has a group per ``every`` rows (``every=1``: an ID column)."""
    rng = np.random.default_rng(5)
    return pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "uid": [f"u{i // every}" for i in range(n)],
        }
    )


def test_the_memory_refusal_names_the_attribute_and_its_groups(tmp_path, capsys):
    from ethiclens.cli import main

    path = tmp_path / "ids.csv"
    _ids_frame().to_csv(path, index=False)
    assert main(["audit", str(path), "--y-true", "label", "--y-pred", "pred",
                 "--protected", "uid"]) == 2  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert err == (
        "error: column 'uid': has 5,000 groups: their interval draws would need about 4.8 GiB "
        "(limit 4 GiB). Fix: bin or merge its groups into a few (an ID-like column is not a "
        "protected attribute), or use fewer draws (n_boot)"
    )


def test_too_many_draws_for_a_few_groups_still_names_the_draws():
    from ethiclens.errors import EthicLensInputError
    from ethiclens.fairness._validate import check_draw_memory

    with pytest.raises(EthicLensInputError) as info:
        check_draw_memory(10**9, {"sex": (["F", "M"], None)}, 2)
    assert info.value.column == "n_boot" and "use fewer draws" in info.value.fix


@pytest.mark.parametrize("every, refused", [(1, True), (3, False)])
def test_an_id_column_ticked_as_protected_is_refused_on_its_field(client, every, refused):
    from tests.web.conftest import mapping_form, upload

    r = upload(client, _ids_frame(every=every).to_csv(index=False).encode(), "ids.csv")
    url = r.headers["location"]
    page = client.get(url).text
    # the draws refused too, so that nothing runs: only whether the attribute is refused counts
    form = mapping_form(page, y_true="label", y_pred="pred", protected=["2"], n_boot="5")
    r = client.post(url, data=form)
    assert r.status_code == 422
    if not refused:  # groups of three rows: small, but groups; the library judges them
        assert 'id="error-prot_2"' not in r.text and 'id="error-n_boot"' in r.text
        return
    import html

    error = html.unescape(re.search(r'id="error-prot_2"[^>]*>([^<]*)<', r.text).group(1))
    assert error == (
        "uid looks like an identifier, not a protected attribute: 5,000 of the 5,000 rows read "
        "are alone in their group (5,000 groups), and a group of one row can never be judged. "
        "Fix: choose a column of groups (e.g. sex, race, age band), or merge its values into a "
        "few groups in the file"
    )


# -- a chart of thousands of groups ------------------------------------------------------------
def test_charts_of_hundreds_of_groups_draw_the_most_severe_sixty_and_say_so():
    from types import SimpleNamespace as NS

    from ethiclens.report._plots import forest_figure, ppv_fpr_figure

    def est(status, value=1.0):
        return NS(value=value, ci_low=None, ci_high=None, status=status, reason="floor")

    rows = [(f"id:u{i}", "INSUFFICIENT_DATA", est("INSUFFICIENT_DATA"), None) for i in range(300)]
    rows[250] = ("id:u250", "FLAGGED", est("FLAGGED", 0.5), None)
    fig, alt, caption = forest_figure(rows, 0.8, 0.1)
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert len(labels) == 60 and "id:u250" in labels and "id:u299" not in labels
    assert caption.endswith(
        "Showing 60 of 300 (flagged and inconclusive first); the tables list every one."
    )
    metrics = ("positive_predictive_value", "false_positive_rate")
    groups = [NS(group=f"u{i}", metrics={m: est("PASS", 0.5) for m in metrics}) for i in range(300)]
    fig, alt, caption = ppv_fpr_figure("id", groups)
    assert len(fig.axes[0].get_xticklabels()) == 60 and "Showing 60 of 300" in caption
