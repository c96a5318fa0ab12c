"""Round 42 review (rp2exp): write_experiment_outputs(metric_epsilons=...) took a repeated
budget (10, 10) and wrote its per-metric table twice, and a string "10" as the budgets 1 and 0
(a table 'ε = 0'), after ExperimentConfig and the CLI refuse both: now refused before writing."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import write_experiment_outputs

pytest.importorskip("matplotlib.figure")  # the figures' (an extra)


def _rows() -> pd.DataFrame:
    cells = [("grr", 10.0, 100), ("blackbox", 0.0, 100)]
    return pd.DataFrame(
        {"model": "rf", "rep": 0, "mechanism": mech, "epsilon": eps, "n": n, "metric": "dp",
         "abs_error": 0.1, "estimate": 0.1, "reference": 0.0}
        for mech, eps, n in cells
    )  # fmt: skip


@pytest.mark.parametrize(
    "values, words",
    [
        ((10, 10.0), "values repeated"),
        ((1, np.float64(1.0)), "values repeated"),
        ("10", "must be a list"),
        ((10, True), "ε must be a number, not bool"),
        ((10, 0), "ε must be a finite number > 0"),
    ],
)
def test_bad_metric_epsilons_are_refused_before_writing(tmp_path, values, words):
    with pytest.raises(EthicLensInputError, match="argument 'metric_epsilons': " + words):
        write_experiment_outputs(_rows(), tmp_path, "adult", metric_epsilons=values)
    assert not list(tmp_path.iterdir())


def test_distinct_metric_epsilons_still_write(tmp_path):
    write_experiment_outputs(_rows(), tmp_path, "adult", metric_epsilons=np.array([10.0, 1.0]))
    text = (tmp_path / "adult-tables.md").read_text()
    assert text.count("Per metric at n′ = 100, ε = 10 ") == 1
    assert text.count("Per metric at n′ = 100, ε = 1 ") == 1
