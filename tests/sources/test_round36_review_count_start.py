"""Round 36 review: a local Dask cluster whose client could not connect (its own scheduler too
slow on a loaded machine, Ctrl-C while it started) was never closed, by a count
(``--scheduler local-cluster``: the error left ``dask_scheduler.__enter__``, so ``__exit__``
never ran) nor by a sweep's executor (``make_executor``): the in-process worker and scheduler
kept running and their log handlers stayed on distributed.scheduler for good."""

import logging

import pytest

from ethiclens.experiments import make_executor
from ethiclens.sources import dask_scheduler

distributed = pytest.importorskip("distributed")


class _Cluster:
    """A node's log handler, without starting one."""

    made: list = []

    def __init__(self, **_):
        self.closed = False
        self.node = distributed.utils.DequeHandler()  # what a real node adds
        logging.getLogger("distributed.scheduler").addHandler(self.node)
        _Cluster.made.append(self)

    def close(self):
        self.closed = True


def _no_client(*_, **__):
    raise OSError("Timed out during handshake while connecting to inproc://1")


def _count():
    with dask_scheduler("local-cluster"):
        pass


@pytest.mark.parametrize("start", [_count, lambda: make_executor("local-cluster", 1)])
def test_a_cluster_whose_client_fails_is_closed_and_forgotten(monkeypatch, start):
    monkeypatch.setattr(distributed, "LocalCluster", _Cluster)
    monkeypatch.setattr(distributed, "Client", _no_client)
    monkeypatch.setattr(_Cluster, "made", [])
    logger = logging.getLogger("distributed.scheduler")
    before = logger.handlers[:]
    with pytest.raises(OSError, match="handshake"):
        start()
    (cluster,) = _Cluster.made
    assert cluster.closed
    assert logger.handlers == before
