"""Fixtures of the web app's tests: an app on a temporary data folder, its TestClient, and
helpers that read a page's CSRF token and wait for an audit."""

from __future__ import annotations

import re
import time

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

# The password check on every test that uses the throw-away PostgreSQL server (the server itself,
# ``postgres_url``, is tests/conftest.py's: one per test process, shared with tests/sources).
from tests.sources.conftest import _no_password_anywhere  # noqa: E402, F401


def make_frame(n=4000, seed=0) -> pd.DataFrame:
    """Predictions where group B is selected about half as often as A (a FLAGGED DI)."""
    rng = np.random.default_rng(seed)
    group = rng.choice(["A", "B"], n, p=[0.6, 0.4])
    label = rng.integers(0, 2, n)
    pred = np.where(group == "A", rng.random(n) < 0.6, rng.random(n) < 0.3).astype(int)
    score = np.clip(pred * 0.5 + rng.random(n) * 0.5, 0, 1).round(4)
    return pd.DataFrame(
        {
            "label": label,
            "pred": pred,
            "score": score,
            "group": group,
            "age": rng.integers(18, 90, n),
            "constant": "x",
        }
    )


@pytest.fixture
def csv_bytes() -> bytes:
    return make_frame().to_csv(index=False).encode()


def csrf_of(html: str) -> str:
    m = re.search(r'name="csrf" value="([0-9a-f]+)"', html)
    assert m, "no CSRF field on the page"
    return m.group(1)


def rev_of(html: str) -> str:
    return re.search(r'name="rev" value="(\d+)"', html).group(1)


def make_app(tmp_path, **options):
    from ethiclens.web import WebConfig, create_app

    options.setdefault("pool", "thread")
    options.setdefault("workers", 2)
    config = WebConfig(data_dir=tmp_path / "data", **options)
    return create_app(config)


@pytest.fixture
def app(request, tmp_path):
    if "two_audits" in request.fixturenames:  # the test's store: a copy of two audits' first
        request.getfixturevalue("two_audits")
    return make_app(tmp_path)


@pytest.fixture
def client(app):
    from starlette.testclient import TestClient

    with TestClient(app, follow_redirects=False) as c:
        yield c


def upload(client, content: bytes, name="preds.csv"):
    token = csrf_of(client.get("/").text)
    return client.post("/upload", data={"csrf": token}, files={"file": (name, content)})


def wait_done(client, url: str, timeout=400) -> str:
    deadline = time.time() + timeout
    while time.time() < deadline:
        r = client.get(url)
        if 'http-equiv="refresh"' not in r.text:
            return r
        _pause(client)
    raise AssertionError(f"{url} did not finish in {timeout} s")


def _pause(client, longest=0.2) -> None:
    """Wait ``longest`` seconds before the page is read again, or less: until an audit of the
    app's pool ends (its count of pending audits drops), when the page may say it is done. A
    client of a server in another process has no pool here: the whole pause."""
    runner = getattr(getattr(getattr(client, "app", None), "state", None), "runner", None)
    pending = getattr(runner, "pending", None)
    if pending is None:
        time.sleep(longest)
        return
    end = time.time() + longest
    while time.time() < end and runner.pending >= pending:
        time.sleep(0.01)


def audit_of(client, seed: int) -> str:
    """The id of a finished audit of 300 rows (``make_frame(300, seed)``, attribute ``group``,
    200 bootstrap draws) run through the pages: upload, mapping, run."""
    url = upload(client, make_frame(300, seed=seed).to_csv(index=False).encode()).headers[
        "location"
    ]
    r = client.post(url, data=mapping_form(client.get(url).text, protected=["3"], n_boot="200"))
    wait_done(client, r.headers["location"])
    return r.headers["location"].rsplit("/", 1)[1]


@pytest.fixture(scope="session")
def _two_audits_made(tmp_path_factory):
    """A data folder whose store holds two finished audits (``audit_of`` seeds 0 and 1), run
    once per test process; tests that edit such records get a copy (``two_audits``)."""
    from starlette.testclient import TestClient

    folder = tmp_path_factory.mktemp("two_audits")
    import sqlite3

    with TestClient(make_app(folder), follow_redirects=False) as client:
        ids = audit_of(client, 0), audit_of(client, 1)
    with sqlite3.connect(folder / "data" / "ethiclens-web.sqlite") as db:  # all in the file
        assert db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
    return folder, ids


@pytest.fixture
def two_audits(_two_audits_made, tmp_path) -> tuple[str, str]:
    """The ids of two finished audits (seeds 0 and 1) in ``tmp_path``'s data folder, where the
    ``app`` fixture's store is: a copy of ``_two_audits_made``'s, its uploads and every path
    its rows hold moved to ``tmp_path``, as if the audits had been run there. Request it before
    ``app``."""
    import shutil
    import sqlite3

    made, ids = _two_audits_made
    shutil.copytree(
        made / "data", tmp_path / "data", ignore=shutil.ignore_patterns("*-wal", "*-shm")
    )
    old, new = str(made / "data"), str(tmp_path / "data")
    with sqlite3.connect(tmp_path / "data" / "ethiclens-web.sqlite") as db:
        db.execute("UPDATE data SET path = replace(path, ?, ?)", (old, new))
        db.execute("UPDATE audits SET spec = replace(spec, ?, ?)", (old, new))
    return ids


def mapping_form(html: str, **fields) -> dict:
    """The mapping form as proposed, with ``fields`` changed."""
    form = {"csrf": csrf_of(html), "rev": rev_of(html)}
    for name in ("y_true", "y_pred", "y_score", "weight", "y_pred_b", "model_b"):
        select = re.search(rf'<select id="{name}" name="{name}"[^>]*>(.*?)</select>', html, re.S)
        m = select and re.search(r'<option value="([^"]*)" selected', select.group(1))
        form[name] = m.group(1) if m else ""
    form["protected"] = re.findall(r'name="protected" value="(\d+)"[^>]*checked', html)
    for name, value in re.findall(r'name="(bins_\d+)" id="bins_\d+" value="([^"]*)"', html):
        form[name] = value
    form.update(fields)
    return form


def cli_json(folder, config_text: str, files: dict | None = None, command="audit") -> dict:
    """``ethiclens COMMAND --config`` run as its user would: in ``folder``, which holds the
    downloaded config and their data ``files`` ({name: bytes}) under their own names."""
    import json
    import os

    from ethiclens.cli import main

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "audit.yaml").write_text(config_text, encoding="utf-8")
    for name, content in (files or {}).items():
        (folder / name).write_bytes(content)
    here = os.getcwd()
    os.chdir(folder)
    try:
        assert main([command, "--config", "audit.yaml", "--json", "out.json"]) == 0
    finally:
        os.chdir(here)
    return json.loads((folder / "out.json").read_text())


def assert_same_json(web: dict, cli: dict) -> None:
    """The web app's report equals the CLI's but for the run's time and outputs: the data file
    is named alike in both (the name the config gives it, never the server's path)."""
    for d in (web, cli):
        d["run"].pop("generated_at")
        d["run"]["spec"]["outputs"] = None
    assert web == cli


def assert_no_server_path(client, url: str, tmp_path) -> None:
    """No download of a finished request names the server's data folder or an upload's random
    name on the server (the JSON's fingerprint and spec, the report, the model card)."""
    for kind in ("json", "html", "card", "config"):
        r = client.get(f"{url}/download/{kind}")
        if r.status_code == 404:  # no card for a comparison or a threshold view
            continue
        assert str(tmp_path) not in r.text and "uploads/" not in r.text, kind
        assert not re.search(r"\b[0-9a-f]{24}\.(csv|parquet)", r.text), kind


# serve_settings' keyword defaults as `ethiclens serve` passes them (the host tests vary one)
SERVE_OPTIONS = {
    "max_upload": "1GB",
    "store": None,
    "store_env": None,
    "workers": None,
    "db_env": (),
    "db": (),
    "token_file": None,
    "monitor_store": (),
}
