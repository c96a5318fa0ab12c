"""A report sent to standard output is written whole, or said to be cut short: Python's text
layer dropped what a short write to a pipe left unwritten (the reader gone while 300 KB were
being written: 64 KiB taken, the rest lost unsaid), so ``monitor --json - | head -c 10`` and
the P2NIA/PCER/probe writer (``write_json_output``) exited 0 with the report cut short. One
writer (``_text.write_whole``, under the CLI's ``PipeGuard``) serves every face."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading

import numpy as np
import pandas as pd

from ethiclens._text import write_whole

BIG = "x" * 1_000_000  # far more than a pipe holds (64 KiB): the write waits for its reader


def _head_c_10(args, cwd=None) -> tuple[int, str]:
    """Run ``python ARGS | head -c 10``: the reader takes 10 bytes and goes away while the
    rest is being written. The exit code and standard error."""
    proc = subprocess.Popen(
        [sys.executable, *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert proc.stdout.read(10)  # what was written began to arrive
    proc.stdout.close()
    err = proc.stderr.read().decode()
    return proc.wait(timeout=300), err


def _python(code: str) -> list[str]:
    return ["-c", f"import sys\nfrom ethiclens._text import PipeGuard, write_whole\n{code}"]


def test_a_reader_gone_mid_write_is_found():
    rc, err = _head_c_10(_python("write_whole(sys.stdout, 'x' * 10**6)"))
    assert rc == 1 and "BrokenPipeError" in err  # was 0: 64 KiB taken, the rest dropped unsaid


def test_the_cli_stream_records_a_reader_gone_mid_write():
    code = "g = PipeGuard(sys.stdout)\ng.write('x' * 10**6)\nsys.exit(3 if g.broken else 0)"
    rc, err = _head_c_10(_python(code))
    assert rc == 3, err  # was 0: the CLI's stream never knew, the run ended 0


def test_write_json_output_to_standard_output_is_whole():
    code = (
        "from ethiclens.p2nia import write_json_output\nwrite_json_output('-', {'x': 'x' * 10**6})"
    )
    rc, err = _head_c_10(["-c", code])
    assert rc == 1 and "BrokenPipeError" in err  # a pipeline's own stdout: raised, never lost


def test_every_byte_reaches_a_reader_that_stays():
    r, w = os.pipe()
    kept = []

    def read() -> None:
        with open(r, "rb", buffering=0) as f:
            kept.append(f.readall())

    thread = threading.Thread(target=read)
    thread.start()
    with open(w, "w", encoding="utf-8") as stream:
        stream.write("head ")  # what the stream holds goes first
        write_whole(stream, BIG + "é\n")
    thread.join()
    assert kept[0] == ("head " + BIG + "é\n").encode()


def test_a_capture_without_a_descriptor_gets_the_text():
    out = io.StringIO()
    write_whole(out, "é\n")
    assert out.getvalue() == "é\n"


def test_monitor_json_to_a_reader_gone_exits_141(tmp_path):
    rng = np.random.default_rng(0)
    n = 18_000  # 60 daily windows: a JSON report of about 300 KB
    ts = pd.Timestamp("2024-03-01", tz="UTC") + pd.to_timedelta(np.arange(n) * 288, unit="s")
    pd.DataFrame(
        {
            "ts": ts.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice(["White", "Black", "Asian"], n),
        }
    ).to_csv(tmp_path / "d.csv", index=False)
    rc, err = _head_c_10(
        ["-m", "ethiclens", "monitor", "d.csv", "--time", "ts", "--y-true", "label",
         "--y-pred", "pred", "--protected", "race", "--window", "1d", "--store", "s.db",
         "--json", "-"],
        cwd=tmp_path,
    )  # fmt: skip
    assert rc == 141, err  # was 0, nothing said
    assert "standard output was closed before the report written to it was whole" in err
    assert "Traceback" not in err and (tmp_path / "s.db").is_file()
