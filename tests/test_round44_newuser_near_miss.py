"""Round 44 new-user walk: every refusal of a column or choice name not among its choices
names the near miss (_checks.use_one_of, built on did_you_mean), as io.column_not_found does."""

from types import SimpleNamespace

import pandas as pd
import pytest

from ethiclens import datasets
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia._protocol import _check_roles
from ethiclens.p2nia._synth import _discretize

DATA = pd.DataFrame({"race": ["a", "b"], "income": [0, 1], "pred": [0, 1]})


def _fix(call, *args):
    with pytest.raises(EthicLensInputError) as exc:
        call(*args)
    return str(exc.value)


def test_p2nia_release_label_typo_names_near_miss():
    request = SimpleNamespace(protected="race", needs_label=True, metrics=["eo"])
    words = _fix(_check_roles, request, DATA, "incme", "pred")
    assert "did you mean 'income'? use one of" in words


def test_p2nia_released_column_typo_names_near_miss():
    assert "did you mean 'income'?" in _fix(_discretize, DATA, ["incme"], {})


def test_pcer_attribute_case_slip_names_near_miss():
    words = _fix(datasets.get_entry("compas").split, "Race")
    assert "did you mean 'race'? use one of race" in words


def test_counts_table_attribute_typo_names_near_miss():
    from ethiclens.fairness._engine import _check_table_columns as check

    table = pd.DataFrame({"race": ["a"], "y_pred": [1], "count": [3]})
    assert "did you mean 'race'?" in _fix(check, table, ["rase"])
