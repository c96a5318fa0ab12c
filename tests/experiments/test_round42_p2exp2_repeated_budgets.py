"""Round 42 (p2nia experiment): 'p2nia experiment --metric-epsilons 10,10' is refused ("values
repeated"), but ExperimentConfig(metric_epsilons=(10, 10.0)) was taken and wrote its
per-metric table twice; epsilons=(1, 1.0) likewise. Both faces now refuse it alike."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import ExperimentConfig


@pytest.mark.parametrize(
    "field, values",
    [("metric_epsilons", (10, 10.0)), ("epsilons", (1, np.float64(1.0))), ("epsilons", (2, 2))],
)
def test_a_repeated_budget_is_refused_as_the_cli_refuses_it(field, values):
    config = ExperimentConfig(models=("rf",), mechanisms=("grr",), **{field: values})
    # since round 45 a Python caller is told the field, the CLI its flag
    with pytest.raises(EthicLensInputError, match=f"argument '{field}': values repeated") as info:
        config.validate()
    assert info.value.fix == "list each value once"


def test_distinct_budgets_still_pass():
    ExperimentConfig(models=("rf",), mechanisms=("grr",), epsilons=(1, 2.0)).validate()
