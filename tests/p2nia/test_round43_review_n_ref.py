"""Round 43 review of cf60d4cb: ExperimentConfig's n_ref refusal also refused configs whose
n_ref the tables read. With ε 10 alone (epsilons=(10,), metric_epsilons=(10,)) and n_ref at or
above the largest size, the ε-sweep and per-metric tables are at the rows' largest n′, which is
n_ref: ExperimentConfig(sizes=(250, 500), n_ref=1000, ...) ran n′ 1000 and wrote its per-metric
table there before cf60d4cb, and was refused after it. An n_ref below the largest size (never
read) or with no ε at all (never run) is still refused."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig
from ethiclens.experiments._p2nia_experiment import tasks_for


def _config(n_ref, epsilons, metric_epsilons):
    return ExperimentConfig(
        models=("rf",),
        repetitions=1,
        mechanisms=("grr",),
        sizes=(250, 500),
        n_ref=n_ref,
        epsilons=epsilons,
        metric_epsilons=metric_epsilons,
    )


@pytest.mark.parametrize(
    "n_ref, epsilons, metric_epsilons, sizes",
    [
        (1000, (10,), (10.0,), [250, 500, 1000]),
        (1000, (10,), (), [250, 500, 1000]),
        (1000, (), (10,), [250, 500, 1000]),
        (500, (10.0,), (10,), [250, 500]),
    ],
)
def test_n_ref_read_by_the_tables_is_taken(n_ref, epsilons, metric_epsilons, sizes):
    tasks = tasks_for(_config(n_ref, epsilons, metric_epsilons))
    assert [(t["epsilon"], t["sizes"]) for t in tasks] == [(10.0, sizes)]


@pytest.mark.parametrize(
    "n_ref, epsilons, metric_epsilons", [(250, (10,), (10,)), (1000, (), ()), (499, (), (10,))]
)
def test_n_ref_never_read_is_still_refused(n_ref, epsilons, metric_epsilons):
    with pytest.raises(EthicLensInputError, match="none is asked") as info:
        _config(n_ref, epsilons, metric_epsilons).validate()
    assert info.value.column == "n_ref"
