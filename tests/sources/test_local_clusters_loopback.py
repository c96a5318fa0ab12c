"""A local Spark driver and a local Dask cluster (``--engine dask``, ``--scheduler
local-cluster``) listen on this machine only: distributed starts its HTTP server whatever
``dashboard_address`` says, and
``None`` meant 0.0.0.0:8787, open to the network, with a warning on the terminal when a second
run found the port taken."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("distributed")


def _bound(scheduler) -> list:
    server = scheduler.http_server
    return [sock.getsockname()[0] for sock in server._sockets.values()]


def test_two_local_clusters_at_once_listen_on_loopback_without_a_warning():
    from ethiclens.sources import dask_scheduler

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "Port 8787 is already in use" was a UserWarning
        with dask_scheduler("local-cluster") as first, dask_scheduler("local-cluster") as second:
            for held in (first, second):
                assert set(_bound(held.cluster.scheduler)) == {"127.0.0.1"}


def test_a_local_spark_driver_listens_on_loopback():
    pytest.importorskip("pyspark")
    from ethiclens.sources._spark import session_settings

    # the builder's settings: a session another test left active would hide them
    local = session_settings("local[2]")._options
    assert local["spark.driver.bindAddress"] == local["spark.driver.host"] == "127.0.0.1"
    assert local["spark.ui.enabled"] == "false"
    cluster = session_settings("spark://scheduler:7077")._options
    assert "spark.driver.bindAddress" not in cluster
