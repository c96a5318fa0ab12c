"""Round 35: a Dask frame's count leaves the process as it found it, and a Dask frame whose
score or weight column is categorical is refused as ``ethiclens.audit`` refuses it.

Before: each ``--scheduler local-cluster`` count (the monitor's default for Dask) left a log
handler on distributed.scheduler and distributed.worker and kept its scheduler and worker alive
(about 1 MB a run, for good); a categorical score or weight of true/false or of text numbers
(``.astype("category")``, whose categories Dask does not know) was audited as numbers; and
``audit_frame``'s fix named the command line's ``--y-pred``."""

import logging

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import audit_frame, dask_scheduler

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("distributed")


def _frame(n: int = 60) -> pd.DataFrame:
    r = np.random.default_rng(3)
    return pd.DataFrame(
        {
            "g": r.choice(list("ab"), n),
            "y": r.integers(0, 2, n),
            "p": r.integers(0, 2, n),
            "s": r.integers(0, 2, n).astype(bool),
            "w": r.choice(["1.5", "2.0"], n),
        }
    )


class _Node:
    """A scheduler or worker as distributed makes one: a handler on its logger, and a bound
    method in distributed's cache of handler signatures."""

    def __init__(self, name):
        self.handler = distributed.utils.DequeHandler()  # the kind a node adds
        logging.getLogger(name).addHandler(self.handler)
        distributed.core._expects_comm(self.handle)

    def handle(self, comm=None):
        return comm


class _Cluster:
    def __init__(self, **options):
        self.nodes = [_Node("distributed.scheduler"), _Node("distributed.worker")]

    def close(self):
        pass


class _Client:
    def __init__(self, cluster):
        pass

    def close(self):
        pass


def test_a_local_cluster_leaves_no_handler_and_no_node_behind(monkeypatch):
    monkeypatch.setattr(distributed, "LocalCluster", _Cluster)
    monkeypatch.setattr(distributed, "Client", _Client)
    mine = logging.Handler()  # one the caller added stays
    logging.getLogger("distributed.worker").addHandler(mine)
    try:
        before = {n: logging.getLogger(n).handlers[:] for n in ("", "distributed.scheduler")}
        with dask_scheduler("local-cluster") as used:
            nodes = used.cluster.nodes
        for name, handlers in before.items():
            assert logging.getLogger(name).handlers == handlers
        assert logging.getLogger("distributed.worker").handlers == [mine]
        cached = distributed.core._expects_comm.cache_info().currsize
        assert cached == 0, "the scheduler and worker stay alive in distributed's cache"
        assert all(n.handler not in logging.getLogger("distributed.worker").handlers for n in nodes)
    finally:
        logging.getLogger("distributed.worker").removeHandler(mine)


@pytest.mark.parametrize("column, known", [("s", False), ("w", True)])
def test_a_categorical_score_or_weight_is_refused_as_audit_refuses_it(column, known):
    frame = _frame()
    role = {"s": "y_score", "w": "sample_weight"}[column]
    with pytest.raises(EthicLensInputError) as want:
        el.audit(frame["y"], frame["p"], frame["g"], **{role: frame[column].astype("category")})
    if known:
        ddf = dd.from_pandas(frame.astype({column: "category"}), npartitions=2)
    else:  # Dask does not know the categories
        ddf = dd.from_pandas(frame, npartitions=2).astype({column: "category"})
    with pytest.raises(EthicLensInputError) as got:
        audit_frame(ddf, y_pred="p", protected="g", y_true="y", **{role: column})
    assert str(got.value) == str(want.value)
    assert "--" not in str(got.value)


def test_a_categorical_number_score_is_still_audited():
    frame = _frame().assign(s=lambda f: np.where(f["s"], 0.75, 0.25))
    ddf = dd.from_pandas(frame, npartitions=2).astype({"s": "category"})
    got = audit_frame(
        ddf, y_pred="p", protected="g", y_true="y", y_score="s", n_boot=100, random_state=0
    )
    want = el.audit(
        frame["y"], frame["p"], frame["g"], y_score=frame["s"], n_boot=100, random_state=0
    )
    assert got.to_dict()["attributes"] == want.to_dict()["attributes"]
