"""Round 17: a run stopped while --pdf prints (Ctrl-C, SIGTERM) leaves no browser running and no
temporary copy of the report behind; SIGTERM exits 143, as a shell reports it.

The browser is a fake: a shell script that starts a helper (``sleep``) and waits, as a hung
Chromium would. No real browser is needed.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads /proc, sends signals")

FAKE_BROWSER = """#!/bin/sh
sleep 1000 &
echo "$$ $!" > "$FAKE_MARK.tmp" && mv "$FAKE_MARK.tmp" "$FAKE_MARK"
wait
"""


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for its reaper counts as stopped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def _wait_for(condition, limit: float = 120.0) -> bool:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.fixture
def stopped_run(tmp_path):
    """Start ``ethiclens audit … --pdf`` with the fake browser; once the browser runs, send the
    given signal; return (exit code, browser pids, temp folder, stderr)."""
    rng = np.random.default_rng(0)
    n = 400
    data = tmp_path / "d.csv"
    pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice(["A", "B"], n),
        }
    ).to_csv(data, index=False)
    browser = tmp_path / "browser.sh"
    browser.write_text(FAKE_BROWSER)
    browser.chmod(0o755)
    mark, tmp = tmp_path / "browser.pids", tmp_path / "tmp"
    tmp.mkdir()
    env = {**os.environ, "ETHICLENS_CHROMIUM": str(browser), "TMPDIR": str(tmp)}
    env["FAKE_MARK"] = str(mark)
    argv = ["audit", str(data), "--y-true", "label", "--y-pred", "pred", "--protected", "race"]
    argv += ["--n-boot", "100", "--html", str(tmp_path / "r.html")]
    argv += ["--pdf", str(tmp_path / "r.pdf")]
    code = "import sys; from ethiclens.cli import main; sys.exit(main(sys.argv[1:]))"

    def run(sig):
        proc = subprocess.Popen(
            [sys.executable, "-c", code, *argv], env=env, stderr=subprocess.PIPE, text=True
        )
        try:
            assert _wait_for(lambda: mark.exists() or proc.poll() is not None)
            if not mark.exists():
                pytest.fail(f"the fake browser never started: {proc.communicate()[1]}")
            proc.send_signal(sig)
            _, err = proc.communicate(timeout=120)
        finally:
            if proc.poll() is None:
                proc.kill()
        pids = [int(p) for p in mark.read_text().split()]
        return proc.returncode, pids, tmp, err

    yield run
    if mark.exists():  # never leave the fake browser behind, even when a test fails
        for pid in map(int, mark.read_text().split()):
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize(("sig", "exit_code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_stopped_pdf_run_leaves_no_browser_and_no_report_copy(stopped_run, sig, exit_code):
    code, pids, tmp, err = stopped_run(sig)
    assert code == exit_code, err
    # the browser and the helper it started: stopped with their process group
    assert _wait_for(lambda: not any(map(_alive, pids)), limit=10), pids
    # the HTML copy the browser was to print is gone with its folder
    assert list(tmp.iterdir()) == []
