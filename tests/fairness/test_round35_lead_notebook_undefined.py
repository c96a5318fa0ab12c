"""Round 35 (lead): a comparison's notebook table writes a model's undefined value as
"undefined", as the compare report and terminal do since 1384de6a (was "—")."""

import numpy as np

import ethiclens


def test_an_undefined_model_value_reads_undefined_in_the_notebook_table():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 200)
    g = np.array(["a", "b"] * 100)
    never = np.zeros(200, dtype=int)  # model B selects no one: its DI is 0/0
    pred_a = rng.integers(0, 2, 200)
    comp = ethiclens.compare(y, pred_a, never, sensitive_features=g, n_boot=100)
    di_b = [d.value_b for d in comp.differences if d.metric == "disparate_impact"]
    assert di_b and all(v is None or np.isnan(v) for v in di_b)
    cells = comp._repr_html_().split("<td>")  # the first row: name, DI A, DI B, ...
    assert cells[2].startswith("1.") and cells[3].startswith("undefined</td>")
