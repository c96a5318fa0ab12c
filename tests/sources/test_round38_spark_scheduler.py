"""Round 38: a --scheduler that the text alone shows no Spark master or Dask address is refused
in one line naming the option (key, argument), the value and the fix, before a JVM or a cluster
starts, on every face (CLI, ethiclens.audit, ethiclens.run, a config file). Was: --engine spark
--scheduler 'x y' ended in PySparkRuntimeError's traceback (exit 1, Spark's launcher stopped);
'local[0]', 'spark://host:notaport' started a JVM to fail in it; --engine dask 'x y' tried to
reach it for up to 10 s. A launcher stop only Spark sees is one line too."""

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import _spark
from ethiclens.sources._rules import check_scheduler

SPARK_BAD = [
    "x y", "local[0]", "local[-1]", "local[x]", "local[99999999999]", "spark://",
    "spark://host:notaport", "spark://host:0", "spark://host", "k8s://", "mesos://x",
    "l\u043ecal[2]", "local[2]\x00", "local[2]x", " local[2]", "local[99999]",
    "local-cluster[5000,1,1024]", "a" * 5000, "local[2]\n",
]  # fmt: skip
SPARK_GOOD = [
    "local", "local[2]", "local[*]", "local[*, 4]", "local[8, 99999]", "local-cluster[2,1,1024]",
    "spark://h1:7077,h2:7077", "spark://[::1]:7077", "k8s://https://host:6443",
]  # fmt: skip
DASK_BAD = ["tcp://", "x y", "tcp://host", "tcp://host:0", "://x", "a\x00:1", "host:99999"]
DASK_GOOD = ["local-cluster", "tcp://host:8786", "host:8786", "tls://[::1]:8786", "inproc://x"]
SPARK_WORDS = "Spark cannot start on this master: "
DASK_WORDS = "this is no Dask scheduler address: "


@pytest.fixture
def no_start(monkeypatch):
    """Any start of Spark fails the test (the refusal must come first)."""

    def started(master):
        raise AssertionError(f"Spark started on {master!r}")

    monkeypatch.setattr(_spark, "_started", started)


@pytest.mark.parametrize("master", SPARK_BAD)
def test_spark_master_refused_from_its_text(master):
    with pytest.raises(EthicLensInputError) as info:
        check_scheduler("spark", master)
    said = str(info.value)
    assert said.startswith(f"option '--scheduler': {SPARK_WORDS}"), said
    assert "(value: " in said and "Fix: give a Spark master such as local[2]" in said
    assert "\n" not in said and "\x00" not in said and len(said) < 800  # a long value cut short


def test_a_master_of_more_threads_than_can_start():
    # local[99999]: Spark spent 100 s starting 32,000 dispatcher threads (EAGAIN), then stopped
    with pytest.raises(EthicLensInputError, match=r"more than \d+ threads or workers"):
        check_scheduler("spark", "local[99999]")


@pytest.mark.parametrize("master", SPARK_GOOD)
def test_spark_masters_spark_takes_pass(master, monkeypatch):
    monkeypatch.delenv("HADOOP_CONF_DIR", raising=False)
    check_scheduler("spark", master)


def test_yarn_needs_its_configuration(monkeypatch):
    for key in ("HADOOP_CONF_DIR", "YARN_CONF_DIR"):
        monkeypatch.delenv(key, raising=False)
    with pytest.raises(EthicLensInputError, match="yarn needs HADOOP_CONF_DIR or YARN_CONF_DIR"):
        check_scheduler("spark", "yarn")
    monkeypatch.setenv("YARN_CONF_DIR", "/etc/hadoop")
    check_scheduler("spark", "yarn")  # then only Spark can tell


@pytest.mark.parametrize("address", DASK_BAD)
def test_dask_address_refused_from_its_text(address):
    with pytest.raises(EthicLensInputError) as info:
        check_scheduler("dask", address)
    said = str(info.value)
    assert said.startswith(f"option '--scheduler': {DASK_WORDS}"), said
    assert "Fix: give the address of a running scheduler" in said and "\x00" not in said


@pytest.mark.parametrize("address", DASK_GOOD)
def test_dask_addresses_pass(address):
    check_scheduler("dask", address)


@pytest.fixture
def data(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n0,0,a\n1,1,b\n0,1,a\n1,0,b\n")
    return path


@pytest.mark.parametrize(
    ("engine", "value", "words"),
    [
        ("spark", "x y", SPARK_WORDS),
        ("spark", "local[0]", SPARK_WORDS),
        ("dask", "tcp://", DASK_WORDS),
    ],
)
def test_every_face_says_it_in_one_line(data, tmp_path, capsys, no_start, engine, value, words):
    roles = {"y_true": "y", "y_pred": "p", "protected": ["g"]}
    cli = ["audit", str(data), "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert main([*cli, "--engine", engine, "--scheduler", value]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '--scheduler': {words}") and err.count("\n") == 1, err
    with pytest.raises(EthicLensInputError, match=rf"^argument 'scheduler': {words}"):
        ethiclens.audit(str(data), **roles, engine=engine, scheduler=value)
    spec = {"target": {"file": str(data), "engine": engine, "scheduler": value}, "roles": roles}
    with pytest.raises(EthicLensInputError, match=rf"^key 'target.scheduler': {words}"):
        ethiclens.run(spec)
    config = tmp_path / "c.yaml"
    config.write_text(
        f"target:\n  file: {data}\n  engine: {engine}\n  scheduler: '{value}'\n"
        "roles:\n  y_true: y\n  y_pred: p\n  protected: [g]\n"
    )
    assert main(["audit", "--config", str(config)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: key 'target.scheduler': {words}") and "Traceback" not in err


def test_a_launcher_stop_only_spark_sees_is_one_line(monkeypatch):
    pytest.importorskip("pyspark")
    from pyspark.errors import PySparkRuntimeError

    class Builder:
        def getOrCreate(self):  # noqa: N802 - Spark's name
            raise PySparkRuntimeError(errorClass="JAVA_GATEWAY_EXITED", messageParameters={})

    monkeypatch.setattr(_spark, "session_settings", lambda master: Builder())
    with pytest.raises(EthicLensInputError) as info:
        _spark._started("yarn")
    said = str(info.value)
    assert said.startswith(f"option '--scheduler': {SPARK_WORDS}Spark's launcher stopped"), said
    assert "(value: 'yarn')" in said and "Fix: give a Spark master" in said
