import concurrent.futures.thread as _futures_thread
import sys
import threading
import time

import numpy as np
import pytest

from ethiclens import _secrets


@pytest.fixture(autouse=True)
def _forget_remembered_urls():
    """Each test starts with no remembered database secrets: a password one test gave (say
    'secret') would otherwise mask that word in a later test's paths, whichever tests share a
    worker process (CI failed so at stop 45)."""
    with _secrets._LOCK:
        _secrets._GIVEN_SECRETS.clear()
    yield


# Worker threads that run EthicLens code for a test (the web app's "thread" pool of audits, a
# request handler, a Dask or metric thread). warnings.catch_warnings() is process-wide: a thread
# still inside one when its test has ended restores, on leaving, the filters and the
# warnings.showwarning of that ended test, under the next test's feet (the likely cause of two
# CLI tests missing the warning line they print in one fresh-clone CI run of session 30; they
# passed alone and on the rerun).
_WORKER_PREFIXES = ("audit", "AnyIO worker", "ThreadPoolExecutor", "ethiclens-metric")

# A pool thread is busy while a work item runs on it: counted here, not read from its frames.
# Walking another running thread's stack (sys._current_frames() then f_back) crashed the test
# process on Python 3.11 while that thread drew a chart (a segfault, or an FT2Font object read
# as a frame), so only a thread's top frame is ever looked at, and only where no count exists.
_RUNNING: dict = {}
_RUNNING_LOCK = threading.Lock()
_run_work_item = _futures_thread._WorkItem.run


def _counted_run(self):
    ident = threading.get_ident()
    with _RUNNING_LOCK:
        _RUNNING[ident] = _RUNNING.get(ident, 0) + 1
    try:
        return _run_work_item(self)
    finally:
        with _RUNNING_LOCK:
            _RUNNING[ident] -= 1


_futures_thread._WorkItem.run = _counted_run


def _busy_workers() -> list:
    frames = sys._current_frames()
    busy = []
    for thread in threading.enumerate():
        if not thread.name.startswith(_WORKER_PREFIXES):
            continue
        if thread.name.startswith("AnyIO worker"):
            frame = frames.get(thread.ident)
            if frame is not None and "ethiclens" in frame.f_code.co_filename:
                busy.append(thread)
        elif _RUNNING.get(thread.ident, 0) > 0:
            busy.append(thread)
    return busy


@pytest.fixture(autouse=True)
def _no_worker_left_running():
    """Each test ends when the EthicLens work its threads started has ended (at most 30 s)."""
    yield
    deadline = time.monotonic() + 30
    while _busy_workers() and time.monotonic() < deadline:
        time.sleep(0.02)


@pytest.fixture
def rng():
    return np.random.default_rng(12345)


def make_binary_data(rng, sizes, sel_rates, base_rates=None, tpr=None, fpr=None):
    """Rows for groups g0, g1, ... with given sizes and selection (or TPR/FPR) rates."""
    groups, y_true, y_pred = [], [], []
    for i, n in enumerate(sizes):
        groups += [f"g{i}"] * n
        if tpr is None:
            yt = rng.random(n) < (base_rates[i] if base_rates else 0.5)
            yp = rng.random(n) < sel_rates[i]
        else:
            yt = rng.random(n) < base_rates[i]
            yp = np.where(yt, rng.random(n) < tpr[i], rng.random(n) < fpr[i])
        y_true.append(yt.astype(int))
        y_pred.append(yp.astype(int))
    return np.concatenate(y_true), np.concatenate(y_pred), np.array(groups)


def execute_sql(url, *statements):
    """Run ``statements`` on the database at ``url`` in one committed transaction (test setup
    on the throw-away PostgreSQL servers of tests/sources and tests/monitor)."""
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    try:
        with engine.begin() as con:
            for statement in statements:
                con.execute(sa.text(statement))
    finally:
        engine.dispose()


def printed(blocks, width: int = 250) -> str:
    """What a terminal view's rich blocks print, through the CLI's safe console (``width``
    columns: wide enough that no table row wraps)."""
    import io

    from ethiclens._text import safe_console

    out = io.StringIO()
    console = safe_console(file=out, width=width)
    for block in blocks:
        console.print(block)
    return out.getvalue()


# One throw-away PostgreSQL server per test process for tests/sources and tests/web (defined in
# either folder's conftest, or imported into one, the session fixture was a second server of
# its own, ~5-10 s to start and stop, in each test process that ran both folders' files).
def _run_as(user, cmd):
    """Run ``cmd`` (a list) as ``user`` when we are root (PostgreSQL refuses to run as root)."""
    import os
    import shlex
    import subprocess

    if os.geteuid() == 0:
        cmd = ["su", "-s", "/bin/sh", user, "-c", " ".join(shlex.quote(c) for c in cmd)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


PG_PASSWORD = "pg-Secret-42"


@pytest.fixture(scope="session")
def postgres_url():
    """A throw-away PostgreSQL server in a temporary folder (unix socket only, password auth).

    Its URL carries the user ``ethiclens`` and ``PG_PASSWORD`` (tests check it is never printed);
    ``scripts/ensure-postgres.sh`` (make test) installs the binaries when they are missing.
    """
    import os
    import pwd
    import shutil

    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if not (initdb and pg_ctl):
        pytest.skip(
            "PostgreSQL binaries (initdb, pg_ctl) not found; run scripts/ensure-postgres.sh"
        )
    import tempfile
    from pathlib import Path

    # Not under pytest's own (root-only) temp folder: the server runs as another user.
    root = Path(tempfile.mkdtemp(prefix="ethiclens-pg-"))
    user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
    if os.geteuid() == 0:
        uid = pwd.getpwnam(user).pw_uid
        os.chmod(root, 0o755)
        os.chown(root, uid, -1)
    data, sock = root / "data", root
    pwfile = root / "pw"
    pwfile.write_text(PG_PASSWORD + "\n")
    if os.geteuid() == 0:
        os.chown(pwfile, uid, -1)
    init = [initdb, "-D", str(data), "-A", "scram-sha-256", "-U", "ethiclens", "-E", "UTF8"]
    out = _run_as(user, [*init, f"--pwfile={pwfile}"])
    assert out.returncode == 0, out.stderr
    opts = f"-k {sock} -c listen_addresses='' -p 54329 -c fsync=off"
    out = _run_as(
        user, [pg_ctl, "-D", str(data), "-o", opts, "-w", "-l", str(root / "log"), "start"]
    )
    assert out.returncode == 0, out.stderr + (root / "log").read_text()
    try:
        yield f"postgresql+psycopg://ethiclens:{PG_PASSWORD}@/postgres?host={sock}&port=54329"
    finally:
        _run_as(user, [pg_ctl, "-D", str(data), "-m", "immediate", "stop"])
        shutil.rmtree(root, ignore_errors=True)


def full_disk_for(monkeypatch, *names):
    """Make writing a file named one of ``names`` fail as a full disk does (``os.replace``,
    which every atomic write ends with, raising ENOSPC); every other write goes through."""
    import errno
    import os

    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if os.path.basename(dst) in names:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)


@pytest.fixture(scope="module")
def secret_groups_audited():
    """An audit refuses a group value holding a password (round 47, ``_checks``' label check:
    the JSON report, counts and threshold tables would write it). The files that pin that every
    display still masks such a group (a backstop for results made otherwise: a store or counts
    table written before) build their results with that check off, and with round 50's
    check of a column named like a secret key's value (``token=a``, ``io``'s) off too."""
    from ethiclens import _checks, io

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_checks, "holds_secret", lambda text: False)
        patch.setattr(io, "holds_secret", lambda text: False)
        yield


@pytest.fixture
def interval_type_unregistered():
    """As a fresh process reads a Parquet file of pandas Intervals (pandas' 'pandas.interval'
    Arrow type not yet registered); registered again after the test, as it was."""
    import pyarrow as pa  # here, not at the top: the core install's checks lack pyarrow
    from pandas.core.arrays.arrow.extension_types import ArrowIntervalType

    try:
        pa.unregister_extension_type("pandas.interval")
    except (KeyError, pa.ArrowKeyError):
        pass
    yield
    try:
        pa.register_extension_type(ArrowIntervalType(pa.int64(), "right"))
    except (KeyError, pa.ArrowKeyError):
        pass
