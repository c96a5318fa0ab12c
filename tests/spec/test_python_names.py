"""A Python caller's mistake is named as they wrote it: ``argument 'random_state'``, not the
config key ``policy.seed`` nor a ``column``; a value that came from their spec file keeps its
key."""

import json

import numpy as np
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

ROWS = ([0, 1, 1, 0], [0, 1, 0, 1], {"g": ["a", "a", "b", "b"]})


def _message(call) -> str:
    with pytest.raises(EthicLensInputError) as raised:
        call()
    return str(raised.value)


@pytest.mark.parametrize(
    ("keywords", "named"),
    [
        ({"n_boot": 5}, "argument 'n_boot': too few draws"),
        ({"random_state": -1}, "argument 'random_state': must be a non-negative integer"),
        ({"seed": -1}, "argument 'seed': must be a non-negative integer"),
        ({"min_group_size": 0}, "argument 'min_group_size': must be a whole number"),
        ({"confidence": 0.9}, "audit() got an unexpected keyword argument 'confidence'"),
    ],
)
def test_a_spec_call_names_the_keyword(keywords, named):
    assert _message(lambda: ethiclens.audit("compas", **keywords)).startswith(named)


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: ethiclens.audit(*ROWS, n_boot=5), "argument 'n_boot': "),
        (lambda: ethiclens.audit(*ROWS, ci="xx"), "argument 'ci': "),
        (lambda: ethiclens.audit(ROWS[0], [ROWS[1]], ROWS[2]), "argument 'y_pred': "),
        (
            lambda: ethiclens.threshold_table(ROWS[0], [0.1, 3, 0.2, 0.4], ROWS[2]),
            "argument 'y_score': ",
        ),
    ],
)
def test_an_array_call_names_the_argument(call, named):
    assert _message(call).startswith(named)


def test_a_data_column_stays_a_column():
    # an unknown group of the data's column 'g' is that column's; an attribute 'h' the data
    # lacks is no column: the keyword that named it (b77083c8), as exclude_groups names its own
    message = _message(lambda: ethiclens.audit(*ROWS, reference={"g": "zz"}))
    assert message.startswith("column 'g': ")
    message = _message(lambda: ethiclens.audit(*ROWS, reference={"h": "a"}))
    assert message.startswith("argument 'reference': reference given for an unknown attribute 'h'")


def test_a_value_from_the_spec_file_keeps_its_key(tmp_path):
    spec = tmp_path / "a.json"
    body = {"target": {"dataset": "compas"}, "policy": {"n_boot": 5}}
    spec.write_text(json.dumps(body))
    assert _message(lambda: ethiclens.audit(str(spec))).startswith("key 'policy.n_boot': ")
    # ... and a keyword overriding it is the caller's own
    message = _message(lambda: ethiclens.audit(str(spec), n_boot=np.int64(7)))
    assert message.startswith("argument 'n_boot': ")
