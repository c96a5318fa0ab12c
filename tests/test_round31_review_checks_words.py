"""Round 31 review: the shared checks' words and numbers.

- ``check_argument_type`` said "not a int", "not a NoneType" (``privacy.read_split(5, ...)``):
  the article follows the type's name ("not an int") and None is "None", as fairness says.
- A float32/float16 confidence level or fraction is the decimal it prints as (0.9), as fairness
  reads float32 thresholds and edges: ``audit(confidence_level=np.float32(0.9))`` wrote
  0.8999999761581421 into the result's config.
- ``check_epsilon`` refusing ε = 10000.0000001 said "ε = 10000 is above 10000"."""

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import _checks
from ethiclens.errors import EthicLensInputError


@pytest.mark.parametrize(
    ("value", "problem", "said"),
    [
        (5, "must be a path, not a", "must be a path, not an int"),
        (None, "must be a path, not a", "must be a path, not None"),
        (None, "must be a dict, not", "must be a dict, not None"),
        ([1], "must be a dict, not a", "must be a dict, not a list"),
        ([1], "must be a dict, not", "must be a dict, not list"),  # (its own words kept)
    ],
)
def test_the_type_given_is_named_with_its_article(value, problem, said):
    with pytest.raises(EthicLensInputError) as err:
        _checks.check_argument_type(value, str, column="c", problem=problem, fix="f")
    assert err.value.problem == said


def test_read_split_of_a_number_says_an_int(tmp_path):
    from ethiclens import privacy

    with pytest.raises(EthicLensInputError, match="not an int"):
        privacy.read_split(5, name="train_path", y_true="y", y_pred="p", protected="g")


@pytest.mark.parametrize("narrow", [np.float32, np.float16])
def test_a_narrow_float_level_is_the_decimal_it_prints_as(narrow):
    assert _checks.check_level(narrow(0.9)) == 0.9  # float16 too: it prints as 0.9 (round 35)
    assert _checks.check_level(np.float32(0.9)) == 0.9
    assert _checks.check_fraction(np.float32(0.8), "di_threshold") == 0.8
    assert _checks.check_level(0.9) == 0.9 and _checks.check_level(np.float64(0.95)) == 0.95


def test_an_audit_s_float32_level_is_written_as_printed():
    df = pd.DataFrame({"y": [0, 1] * 50, "p": [1, 0, 0, 1] * 25, "g": ["a"] * 50 + ["b"] * 50})
    result = ethiclens.audit(
        df.y, df.p, sensitive_features=df[["g"]], confidence_level=np.float32(0.9), n_boot=100
    )
    assert json.loads(result.to_json())["config"]["confidence_level"] == 0.9


def test_an_epsilon_just_above_the_limit_is_shown_so():
    with pytest.raises(EthicLensInputError) as err:
        _checks.check_epsilon(10000.0000001)
    assert err.value.problem.startswith("ε = 10000.0000001 is above 10000:")
    with pytest.raises(EthicLensInputError) as err:
        _checks.check_epsilon(20000)
    assert err.value.problem.startswith("ε = 20000 is above 10000:")  # as before
