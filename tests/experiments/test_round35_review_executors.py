"""Round 35 review (pcer): a sweep's Dask local cluster left a log handler on
distributed.scheduler (and distributed.nanny) and kept its scheduler alive in distributed's
handler-signature cache after close, one more each sweep (as sources' count did before
c152d22b); a blank --scheduler created the results store (and its lock file) before it was
refused; an address of an unknown scheme ('tcpp://...') or not text was a traceback."""

import logging

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import _executors, make_executor, preset, run_sweep

distributed = pytest.importorskip("distributed")


class _FakeCluster:
    """A LocalCluster's side effects on logging, without starting one."""

    def __init__(self, **_):
        self.handler = distributed.utils.DequeHandler()  # what a real node adds
        logging.getLogger("distributed.scheduler").addHandler(self.handler)

    def close(self):
        pass


class _FakeClient:
    def __init__(self, *_, **__):
        pass

    def close(self):
        pass


def test_a_closed_local_cluster_leaves_no_log_handler_nor_cached_signature(monkeypatch):
    import distributed.core

    monkeypatch.setattr(distributed, "LocalCluster", _FakeCluster)
    monkeypatch.setattr(distributed, "Client", _FakeClient)
    logger = logging.getLogger("distributed.scheduler")
    before = logger.handlers[:]
    executor = make_executor("local-cluster", 1)
    assert len(logger.handlers) == len(before) + 1
    distributed.core._expects_comm(_FakeClient.close)  # a signature cached meanwhile
    theirs = logging.StreamHandler()  # another thread's (a web request's) meanwhile: it stays
    logger.addHandler(theirs)
    try:
        executor.close()
        executor.close()  # idempotent
        assert logger.handlers == [*before, theirs]
    finally:
        logger.removeHandler(theirs)
    assert distributed.core._expects_comm.cache_info().currsize == 0


@pytest.mark.parametrize(
    ("scheduler", "words"), [(" ", "must not be empty"), (5, "must be an address as text")]
)
def test_a_scheduler_that_is_no_address_is_refused_before_the_store_is_created(
    tmp_path, scheduler, words
):
    store = tmp_path / "runs.db"
    with pytest.raises(EthicLensInputError, match=words):
        run_sweep(preset("quick"), store, scheduler=scheduler)
    assert list(tmp_path.iterdir()) == []


def test_pcer_sweep_blank_scheduler_writes_nothing(tmp_path, capsys):
    store = tmp_path / "runs.db"
    argv = ["pcer", "sweep", "--preset", "quick", "--store", str(store), "--scheduler", " "]
    assert main(argv) == 2
    assert "option '--scheduler': must not be empty" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_an_address_of_an_unknown_scheme_is_one_line_naming_it(monkeypatch):
    def refuse(address, **_):
        raise ValueError("unknown address scheme 'tcpp'")

    monkeypatch.setattr(distributed, "Client", refuse)
    with pytest.raises(EthicLensInputError, match="cannot reach the Dask scheduler") as info:
        _executors.DaskExecutor("tcpp://host:8786")
    assert info.value.value == "tcpp://host:8786"
