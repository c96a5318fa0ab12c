"""Shared data for the data-engine tests: weights and scores that are multiples of a power of two,
so every engine's floating-point sums are exact in any order and reports compare bit for bit."""

import numpy as np
import pandas as pd
import pytest

# The throw-away PostgreSQL server, postgres_url, is tests/conftest.py's (one per test process for
# tests/sources and tests/web alike); its password is re-exported for the modules importing it.
from tests.conftest import PG_PASSWORD  # noqa: F401


def make_frame(seed: int = 0, n: int = 3000) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    race = r.choice(["A", "B", "C", "D"], n, p=[0.5, 0.3, 0.15, 0.05])
    return pd.DataFrame(
        {
            "race": race,
            "sex": r.choice(["F", "M"], n),
            "y": r.integers(0, 2, n),
            "p": (r.random(n) < 0.3 + 0.2 * (race == "A")).astype(int),
            "s": np.round(r.random(n) * 1024) / 1024,
            "w": r.choice([0.5, 1.0, 1.5, 2.0, 3.25], n),
        }
    )


@pytest.fixture
def frame():
    return make_frame(0)


# JIT and GC flags of the test JVMs (Spark's driver): they change how fast, not what, it counts
SPARK_TEST_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"


@pytest.fixture(scope="session")
def spark():
    """A local-mode SparkSession (1 core, no UI); skipped without pyspark or a Java runtime."""
    import shutil

    pyspark_sql = pytest.importorskip(
        "pyspark.sql", reason="pyspark not installed (ethiclens[spark])"
    )
    if not shutil.which("java"):
        pytest.skip("no Java runtime for Spark (apt-get install openjdk-17-jre-headless)")
    session = (
        pyspark_sql.SparkSession.builder.master("local[1]")
        .appName("ethiclens-tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.memory", "512m")
        # short-lived test JVM: the C1 compiler only and one GC thread took 29 s of CPU for
        # test_engine_agreement's Spark cases where the default JVM took 53 s (same answers)
        .config("spark.driver.extraJavaOptions", SPARK_TEST_JVM)
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(autouse=True)
def _no_password_anywhere(request):
    """Every test that talks to PostgreSQL: the password is in nothing it printed (stdout, stderr)
    nor in any file it wrote under ``tmp_path`` (JSON, HTML, model card, counts, configs)."""
    if "postgres_url" not in request.fixturenames:
        yield
        return
    import sys

    seen = []
    streams = [sys.stdout, sys.stderr]
    originals = [s.write for s in streams]
    for stream, write in zip(streams, originals, strict=True):

        def tee(text, _write=write):
            seen.append(str(text))
            return _write(text)

        try:
            stream.write = tee
        except (AttributeError, TypeError):  # a stream that takes no attributes: files only
            pass
    try:
        yield
    finally:
        for stream, write in zip(streams, originals, strict=True):
            try:
                stream.write = write
            except (AttributeError, TypeError):
                pass
    assert PG_PASSWORD not in "".join(seen), "the PostgreSQL password was printed"
    tmp = request.node.funcargs.get("tmp_path")
    if tmp is not None:
        for path in tmp.rglob("*"):
            if path.is_file():
                assert PG_PASSWORD.encode() not in path.read_bytes(), f"password in {path.name}"


# (URL, the secret that must never appear): an unescaped '@', '/' and '#' in the password, a
# pasted space, a single slash after the scheme (tests/sources and tests/monitor use them)
SECRET_URLS = [
    ("postgresql://u:p@ssw0rdX@127.0.0.1:1/db", "ssw0rdX"),
    ("postgresql://u:a/b#SlashPw@127.0.0.1:1/db", "SlashPw"),
    (" postgresql://u:LeadSpPw@127.0.0.1:1/db", "LeadSpPw"),
    ("postgresql://u:TrailSpPw@127.0.0.1:1/db ", "TrailSpPw"),
    ("postgresql:/u:OneSlashPw@127.0.0.1:1/db", "OneSlashPw"),
    # the password is everything up to the LAST '@': a driver cutting at the first one said
    # "host 'ss@127.0.0.1'"
    ("postgresql+psycopg://u:pa@ss@127.0.0.1:1/db", "ss@127"),
    # a libpq DSN URL-encoded inside one query value: its password keyword, encoded or not
    ("postgresql+psycopg://u@127.0.0.1:1/db?dsn=host%3Dh%20password%3DDsnPw9%2540x", "DsnPw9"),
    ("postgresql+psycopg://u@127.0.0.1:1/db?dsn=password%3D%27Quoted%20DsnPw%27", "DsnPw"),
]
