"""Round 35 review: closing a ``--scheduler local-cluster`` count removes only the log handlers
its scheduler and worker added (distributed's DequeHandler). Before (c152d22b), every handler
added anywhere while the count ran was removed: one another thread of the process added then (a
web request's, the monitor's, the user's own logging set-up) was silently lost."""

import logging

import pytest

from ethiclens.sources import dask_scheduler

distributed = pytest.importorskip("distributed")


class _Cluster:
    """A scheduler's handler, and another thread's handler added while the count runs."""

    def __init__(self, **options):
        self.node = distributed.utils.DequeHandler()
        self.other = logging.Handler()
        logging.getLogger("distributed.scheduler").addHandler(self.node)
        logging.getLogger("r35.review.app").addHandler(self.other)

    def close(self):
        pass


class _Client:
    def __init__(self, cluster):
        pass

    def close(self):
        pass


def test_only_the_clusters_own_handlers_are_removed(monkeypatch):
    monkeypatch.setattr(distributed, "LocalCluster", _Cluster)
    monkeypatch.setattr(distributed, "Client", _Client)
    app = logging.getLogger("r35.review.app")
    try:
        with dask_scheduler("local-cluster") as used:
            cluster = used.cluster
        assert cluster.node not in logging.getLogger("distributed.scheduler").handlers
        assert app.handlers == [cluster.other]
    finally:
        for h in app.handlers[:]:
            app.removeHandler(h)
