"""Round 48 (api battery, class: a Policy field that cannot be copied).

``Policy(di_threshold=(x for x in ...))`` (any field; a lock, a file alike) crashed with
"TypeError: cannot pickle 'generator' object": ``__post_init__`` read the fields through
``dataclasses.asdict``, which deep-copies each, before any check. The fields are now read as
given, so each is refused by its own check, naming it; numpy numbers are still made plain."""

import threading

import numpy as np
import pytest

from ethiclens import EthicLensInputError, Policy

FIELDS = [
    "di_threshold",
    "eo_threshold",
    "min_group_size",
    "min_label_count",
    "di_rule",
    "pcer_min_group_size",
]


@pytest.mark.parametrize("kind", ["generator", "lock"])
@pytest.mark.parametrize("field", FIELDS)
def test_an_uncopyable_field_is_refused_by_name(field, kind):
    value = (x for x in "ab") if kind == "generator" else threading.Lock()
    with pytest.raises(EthicLensInputError, match=f"^argument '{field}': must be "):
        Policy(**{field: value})


def test_numpy_numbers_are_still_made_plain():
    policy = Policy(di_threshold=np.float32(0.8), min_group_size=np.int64(50))
    assert policy.to_dict()["di_threshold"] == 0.8 and type(policy.min_group_size) is int
