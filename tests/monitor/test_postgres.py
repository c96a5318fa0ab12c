"""The monitor on a real PostgreSQL server (a throw-away one, as tests/sources/ starts)."""

import json
import os
import pwd
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.monitor import MonitorRequest, run_monitor

PASSWORD = "mon-Secret-77"
PORT = 54331  # not tests/sources' port: both servers may run in one session


def _as(user, cmd):
    if os.geteuid() == 0:
        cmd = ["su", "-s", "/bin/sh", user, "-c", " ".join(shlex.quote(c) for c in cmd)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def pg_url():
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if not (initdb and pg_ctl):
        pytest.skip(
            "PostgreSQL binaries (initdb, pg_ctl) not found; run scripts/ensure-postgres.sh"
        )
    pytest.importorskip("psycopg")
    root = Path(tempfile.mkdtemp(prefix="ethiclens-monitor-pg-"))
    user = "postgres" if os.geteuid() == 0 else pwd.getpwuid(os.geteuid()).pw_name
    pwfile = root / "pw"
    pwfile.write_text(PASSWORD + "\n")
    if os.geteuid() == 0:
        uid = pwd.getpwnam(user).pw_uid
        os.chmod(root, 0o755)
        os.chown(root, uid, -1)
        os.chown(pwfile, uid, -1)
    data = root / "data"
    out = _as(user, [initdb, "-D", str(data), "-A", "scram-sha-256", "-U", "ethiclens",
                     "-E", "UTF8", f"--pwfile={pwfile}"])  # fmt: skip
    assert out.returncode == 0, out.stderr
    opts = f"-k {root} -c listen_addresses='' -p {PORT} -c fsync=off"
    out = _as(user, [pg_ctl, "-D", str(data), "-o", opts, "-w", "-l", str(root / "log"), "start"])
    assert out.returncode == 0, out.stderr
    try:
        yield f"postgresql+psycopg://ethiclens:{PASSWORD}@/postgres?host={root}&port={PORT}"
    finally:
        _as(user, [pg_ctl, "-D", str(data), "-m", "immediate", "stop"])
        shutil.rmtree(root, ignore_errors=True)


def test_postgres_table_and_query_equal_the_files(pg_url, tmp_path, days, capsys):
    import sqlalchemy as sa

    data = days(tmp_path / "data", range(5), change_day=2)
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))])
    typed = frame.assign(ts=pd.to_datetime(frame["ts"], utc=True))
    engine = sa.create_engine(pg_url)
    with engine.begin() as con:
        frame.to_sql("preds_text", con, index=False, if_exists="replace")
        typed.to_sql("preds_typed", con, index=False, if_exists="replace")
    engine.dispose()
    req = dict(time="ts", window="1d", y_pred="pred", y_true="label", protected=("race=White",))
    files = run_monitor(MonitorRequest(target=str(data), **req), tmp_path / "f.sqlite").data
    for table in ("preds_text", "preds_typed"):
        store = tmp_path / f"{table}.sqlite"
        out_json = tmp_path / f"{table}.json"
        rc = main(["monitor", "--db", pg_url, "--table", table, "--time", "ts", "--window", "1d",
                   "--y-pred", "pred", "--y-true", "label", "--protected", "race=White",
                   "--store", str(store), "--json", str(out_json)])  # fmt: skip
        printed = capsys.readouterr()
        assert rc == 0, printed.err
        doc = json.loads(out_json.read_text())
        assert doc["comparisons"] == files["comparisons"]
        assert PASSWORD not in printed.out + printed.err + out_json.read_text()
        assert PASSWORD.encode() not in store.read_bytes()
