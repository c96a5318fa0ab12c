"""Round 34 review leftover: a Spark master Spark cannot parse ('local[2]x') is refused naming
--scheduler, exit 2, for the audit and the monitor alike; was exit 1 with a Py4J traceback
(SparkContext failed to start). A later run in the same process still starts its session.
Run in a fresh interpreter: a session another test left active (tests/sources/conftest.py's
session-scoped ``spark``) is refused first, as it must be ("already active"). One interpreter
runs both commands, the monitor first (a JVM started once, not twice); each command's lines are
checked alone."""

import os
import subprocess
import sys

import pytest

from tests.sources.conftest import SPARK_TEST_JVM

pytest.importorskip("pyspark")

ROWS = "ts,y,p,g\n" + "2024-01-01,0,0,a\n2024-01-01,1,1,b\n2024-01-02,0,1,a\n2024-01-02,1,0,b\n"
TWICE = """
import sys
from ethiclens.cli import main
for command in ("monitor", "audit"):
    argv = sys.argv[1:]
    argv = argv[argv.index(command) : argv.index("END-" + command)]
    print("BEGIN", command, file=sys.stderr)
    print("FIRST", main([*argv, "--engine", "spark", "--scheduler", "local[2]x"]), file=sys.stderr)
    if command == "audit":  # the process can start a session after the failed ones
        print("SECOND", main([*argv, "--engine", "spark", "--fail-on", "never"]), file=sys.stderr)
    print("END", command, file=sys.stderr)
"""


@pytest.fixture(scope="module")
def said(tmp_path_factory):
    """{command: its stderr lines}, both commands run by one fresh interpreter."""
    tmp_path = tmp_path_factory.mktemp("master")
    path = tmp_path / "d.csv"
    path.write_text(ROWS)
    args = []
    for command in ("audit", "monitor"):
        argv = [command, str(path), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
        argv += ["--time", "ts", "--window", "1d"] if command == "monitor" else []
        argv += ["--store", str(tmp_path / "store")] if command == "monitor" else []
        args += [*argv, f"END-{command}"]
    # the JVM's JIT and GC flags of tests/sources/conftest.py's session (how fast, not what)
    env = {
        **os.environ,
        "PYSPARK_SUBMIT_ARGS": f'--driver-java-options "{SPARK_TEST_JVM}" pyspark-shell',
    }
    done = subprocess.run(
        [sys.executable, "-c", TWICE, *args], capture_output=True, text=True, timeout=600, env=env
    )
    err = done.stderr
    assert done.returncode == 0, err[-2000:]
    return {c: err[err.index(f"BEGIN {c}") : err.index(f"END {c}")] for c in ("audit", "monitor")}


@pytest.mark.parametrize("command", ["audit", "monitor"])
def test_a_master_spark_cannot_parse(said, command):
    err = said[command]
    assert "FIRST 2" in err, err[-2000:]
    assert "Traceback" not in err and "Py4J" not in err
    assert "option '--scheduler'" in err and "local[2]x" in err, err
    assert "Could not parse Master URL" in err and "local[*]" in err
    if command == "audit":
        assert "SECOND 0" in err, err[-2000:]
