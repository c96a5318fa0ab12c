"""Round 34 (lead): a report written to standard output in a locale that cannot spell its
characters (``LC_ALL=C`` with UTF-8 mode off, a Latin-1 terminal) is written whole, with those
characters escaped (``\\u2014``); was a UnicodeEncodeError traceback (exit 1) from the first
dash of ``ethiclens audit``'s summary, or the ε of ``p2nia estimate``."""

from __future__ import annotations

import io
import os
import subprocess
import sys

from ethiclens._text import write_whole


def test_write_whole_escapes_what_the_stream_cannot_encode():
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", errors="strict")
    write_whole(stream, "audit — ε 1.0, é\n")
    stream.flush()
    assert raw.getvalue() == b"audit \\u2014 \\u03b5 1.0, \\xe9\n"
    latin = io.BytesIO()
    stream = io.TextIOWrapper(latin, encoding="latin-1")
    write_whole(stream, "é — x\n")  # what Latin-1 can spell stays as it is
    stream.flush()
    assert latin.getvalue() == "é \\u2014 x\n".encode("latin-1")


def test_the_audit_summary_prints_in_an_ascii_locale(tmp_path):
    data = tmp_path / "d.csv"
    data.write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    env = {**os.environ, "PYTHONUTF8": "0", "LC_ALL": "C", "LANG": "C"}
    env.pop("PYTHONIOENCODING", None)
    done = subprocess.run(
        [sys.executable, "-m", "ethiclens", "audit", str(data), "--y-true", "y",
         "--y-pred", "p", "--protected", "g"],
        capture_output=True, env=env, cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-800:]
    assert b"Traceback" not in done.stderr
    assert b"EthicLens audit \\u2014 4 rows" in done.stdout
