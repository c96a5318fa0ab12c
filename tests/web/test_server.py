"""The real server (``ethiclens serve`` in a subprocess): killed mid-audit, it loses no finished
audit and restarts cleanly; off loopback it prints a token and refuses requests without it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from bench_web import Server, audit_file, make_csv  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _start_long_audit(c, big, wait: float) -> str:
    """Upload ``big``, confirm the mapping with 20,000 draws and wait (up to ``wait`` s) until
    the audit is running: its address."""
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', c.get("/").text)[1]
    with open(big, "rb") as fh:
        r = c.post("/upload", data={"csrf": token}, files={"file": ("big.csv", fh)})
    form = {"csrf": token, "rev": "0", "y_true": "label", "y_pred": "pred",
            "protected": ["3"], "n_boot": "20000"}  # fmt: skip
    audit = c.post(r.headers["location"], data=form).headers["location"]
    deadline = time.time() + wait
    while "reading the data" not in c.get(audit).text and time.time() < deadline:
        time.sleep(0.05)
    return audit


def test_killed_mid_audit_loses_no_finished_audit(tmp_path):
    import httpx

    data = tmp_path / "data"
    small = make_csv(tmp_path / "small.csv", 5_000, seed=1)
    big = make_csv(tmp_path / "big.csv", 400_000, seed=2)
    server = Server(data, workers=1)
    try:
        first = audit_file(server.url, small, n_boot=200)
        assert first["word"] == "FLAGGED"
        # a second audit, killed while it runs: the server and its workers, at once
        with httpx.Client(base_url=server.url, follow_redirects=False, timeout=60) as c:
            second = _start_long_audit(c, big, wait=60)
    finally:
        for child in _children(server.proc.pid):
            os.kill(child, signal.SIGKILL)
        server.proc.kill()
        server.close()
    server = Server(data, workers=1)  # restarts on the same store
    try:
        with httpx.Client(base_url=server.url, timeout=60) as c:
            hist = c.get("/history").text
            assert first["audit"] in hist and second in hist
            assert "interrupted" in hist and "FLAGGED" in hist
            again = c.get(first["audit"])
            assert again.status_code == 200 and 'id="verdict-word">FLAGGED<' in again.text
            assert c.get(first["audit"] + "/download/json").json()["summary"]["flagged"]
            assert "was interrupted" in c.get(second).text
        third = audit_file(server.url, small, n_boot=200)  # and it serves new audits
        assert third["word"] == "FLAGGED"
    finally:
        server.close()


def test_workers_exit_when_their_server_is_killed(tmp_path):
    import psutil

    server = Server(tmp_path / "data", workers=1)
    try:
        deadline = time.time() + 120  # the pool starts its workers at start-up
        while not (workers := _children(server.proc.pid)) and time.time() < deadline:
            time.sleep(0.2)
        assert workers
        server.proc.kill()  # no shutdown: the workers are left without their server
        server.proc.wait(timeout=30)
        gone, alive = psutil.wait_procs([psutil.Process(p) for p in workers], timeout=30)
        assert not alive, [p.cmdline() for p in alive]
    finally:
        for child in _children(server.proc.pid):
            os.kill(child, signal.SIGKILL)
        server.close()


def _children(pid: int) -> list[int]:
    import psutil

    try:
        return [p.pid for p in psutil.Process(pid).children(recursive=True)]
    except psutil.Error:
        return []


def test_off_loopback_needs_the_printed_token(tmp_path):
    port = str(_port())
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ethiclens",
            "serve",
            "--host",
            "0.0.0.0",
            "--port",
            port,
            "--data-dir",
            str(tmp_path / "d"),
            "--workers",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        line = proc.stdout.readline()
        m = re.search(r"\?token=(\S+)", line)
        assert m, line
        url = f"http://127.0.0.1:{port}/"
        _wait(url, proc)
        with pytest.raises(urllib.error.HTTPError) as info:
            urllib.request.urlopen(url, timeout=5)
        assert info.value.code == 401
        req = urllib.request.Request(url, headers={"Authorization": f"Bearer {m.group(1)}"})
        assert urllib.request.urlopen(req, timeout=5).status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_token_file_is_checked(tmp_path):
    from ethiclens.cli import main

    short = tmp_path / "t.txt"
    short.write_text("abc\n")
    assert main(["serve", "--token-file", str(short), "--data-dir", str(tmp_path)]) == 2
    assert main(["serve", "--max-upload", "lots", "--data-dir", str(tmp_path)]) == 2
    unset = "ETHICLENS_TEST_NO_SUCH_VARIABLE"
    assert main(["serve", "--store-env", unset, "--data-dir", str(tmp_path)]) == 2
    assert main(["serve", "--db-env", unset, "--data-dir", str(tmp_path)]) == 2


@pytest.mark.parametrize(
    "url",
    [
        "mysql://u:HistPw9@h/db",
        "postgresql:/u:HistPw9@h/db",
        " sqlite://u:HistPw9@h/db",
    ],
)
def test_a_history_store_url_that_is_not_postgresql_is_refused_masked(tmp_path, capsys, url):
    from ethiclens.cli import main

    assert main(["serve", "--store", url, "--data-dir", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert "HistPw9" not in out + err


def test_a_history_store_url_with_pasted_spaces_is_a_url():
    from ethiclens.web._settings import _checked_store_url

    url = " postgresql://u@h/db "
    assert _checked_store_url(url, "--store") == url.strip()
    assert _checked_store_url("history.sqlite", "--store") == "history.sqlite"


def _port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(url, proc, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            assert proc.poll() is None, proc.stdout.read()
            time.sleep(0.2)
    raise AssertionError("server did not start")


def test_without_the_web_extra_serve_says_what_to_install(tmp_path):
    from tests.test_extras import BLOCK

    code = BLOCK + (
        "from ethiclens.cli import main\n"
        f"print('RC=%d' % main(['serve', '--data-dir', {str(tmp_path)!r}]))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )
    assert "RC=2" in proc.stdout, proc.stderr
    assert "pip install 'ethiclens[web]'" in proc.stderr and "Traceback" not in proc.stderr


def test_a_worker_killed_mid_audit_fails_that_audit_only(tmp_path):
    import httpx
    import psutil

    small = make_csv(tmp_path / "small.csv", 5_000, seed=3)
    big = make_csv(tmp_path / "big.csv", 400_000, seed=4)
    server = Server(tmp_path / "data", workers=1)
    try:
        with httpx.Client(base_url=server.url, follow_redirects=False, timeout=60) as c:
            audit = _start_long_audit(c, big, wait=120)
            workers = [
                p
                for p in psutil.Process(server.proc.pid).children(recursive=True)
                if "spawn_main" in " ".join(p.cmdline())
            ]
            assert workers
            for p in workers:
                p.kill()
            deadline = time.time() + 60
            while 'http-equiv="refresh"' in (page := c.get(audit).text):
                assert time.time() < deadline
                time.sleep(0.1)
            assert "worker running this audit stopped" in page
        again = audit_file(server.url, small, n_boot=200)  # a fresh pool serves the next one
        assert again["word"] == "FLAGGED"
    finally:
        server.close()


def test_a_database_given_by_url_is_shown_by_its_name_only(tmp_path):
    """``serve --db URL``: the server keeps the URL in its environment as ETHICLENS_DB_1; the
    page offers that name, never the URL (the PostgreSQL run is in test_browser.py)."""
    import sqlite3

    db = tmp_path / "secret-warehouse.db"
    sqlite3.connect(db).close()
    port = str(_port())
    argv = [sys.executable, "-m", "ethiclens", "serve", "--port", port, "--workers", "1"]
    argv += ["--data-dir", str(tmp_path / "d"), "--db", f"sqlite:///{db}"]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        _wait(url, proc)
        home = urllib.request.urlopen(url, timeout=5).read().decode()
        assert "<option>ETHICLENS_DB_1</option>" in home and "secret-warehouse" not in home
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert "secret-warehouse" not in proc.stdout.read()
