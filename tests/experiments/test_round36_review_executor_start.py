"""Round 36 review: a sweep's Dask local cluster whose client could not connect (its own
scheduler too slow on a loaded machine, Ctrl-C while it started) was never closed: its nodes
kept running and their log handlers stayed on distributed.scheduler for good (close() is
never reached: make_executor raised before returning the executor)."""

import logging

import pytest

from ethiclens.experiments import make_executor

distributed = pytest.importorskip("distributed")


class _FakeCluster:
    """A LocalCluster's side effect on logging, without starting one."""

    made: list = []

    def __init__(self, **_):
        self.closed = False
        self.handler = distributed.utils.DequeHandler()  # what a real node adds
        logging.getLogger("distributed.scheduler").addHandler(self.handler)
        _FakeCluster.made.append(self)

    def close(self):
        self.closed = True


def _no_client(*_, **__):
    raise OSError("Timed out during handshake while connecting to tcp://127.0.0.1:1")


def test_a_cluster_whose_client_fails_is_closed_and_forgotten(monkeypatch):
    monkeypatch.setattr(distributed, "LocalCluster", _FakeCluster)
    monkeypatch.setattr(distributed, "Client", _no_client)
    monkeypatch.setattr(_FakeCluster, "made", [])
    logger = logging.getLogger("distributed.scheduler")
    before = logger.handlers[:]
    with pytest.raises(OSError, match="handshake"):
        make_executor("local-cluster", 1)
    (cluster,) = _FakeCluster.made
    assert cluster.closed
    assert logger.handlers == before
