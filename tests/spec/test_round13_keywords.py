"""Round 13: one vocabulary across the Python faces. ``ethiclens.run`` and ``AuditSpec.of``
take the engine's keyword names too (random_state for seed, merge_groups for merge: the
comment on ENGINE_KEYS promised "a Python caller may use either name"), refuse a field set
twice, and ``audit(arrays)`` hints the engine name for a request's name."""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import EthicLensInputError


@pytest.fixture
def csv(tmp_path):
    r = np.random.default_rng(0)
    n = 600
    frame = pd.DataFrame(
        {"race": r.choice(["A", "B", "C"], n), "y": r.integers(0, 2, n), "p": r.integers(0, 2, n)}
    )
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    return str(path)


def test_run_takes_the_engines_names_with_the_same_numbers(csv):
    roles = dict(y_true="y", y_pred="p", protected=["race"], n_boot=200)
    merge = {"race": {"BC": ["B", "C"]}}
    a = ethiclens.run(csv, merge_groups=merge, random_state=5, **roles)
    b = ethiclens.run(csv, merge=merge, seed=5, **roles)
    assert a.to_dict()["comparisons"] == b.to_dict()["comparisons"]
    assert a.run["spec"]["policy"]["seed"] == 5


def test_a_field_given_twice_is_refused(csv):
    with pytest.raises(EthicLensInputError, match="sets seed twice"):
        ethiclens.run(csv, y_true="y", y_pred="p", protected=["race"], seed=1, random_state=2)


@pytest.mark.parametrize(("given", "hint"), [("weight", "sample_weight")])
def test_audit_of_arrays_hints_the_engines_name(given, hint):
    # round 18: seed, merge, exclude and min_labels are taken as the engine's names
    y = np.array([0, 1] * 50)
    with pytest.raises(TypeError, match=f"did you mean '{hint}'"):
        ethiclens.audit(y, y, np.array(["a", "b"] * 50), **{given: 0})
