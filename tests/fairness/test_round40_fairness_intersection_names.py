"""Round 40: two intersections whose crossed names are the same (['a&b', 'c'] and
['a', 'b&c'] are both 'a&b&c') gave ONE attribute 'a&b&c' in the result, the other crossing
lost without a word (CLI exit 0). Now refused on every face (one check: the CLI, DuckDB and
SQL paths and the monitor use it), both intersections named."""

import numpy as np
import pandas as pd
import pytest

import ethiclens as el
from ethiclens.errors import EthicLensInputError

RNG = np.random.default_rng(0)
N = 200
FRAME = pd.DataFrame(
    {
        "a&b": RNG.choice(["x", "y"], N),
        "c": RNG.choice(["u", "v"], N),
        "a": RNG.choice(["u", "v"], N),
        "b&c": RNG.choice(["x", "y"], N),
        "y": RNG.integers(0, 2, N),
        "p": RNG.integers(0, 2, N),
    }
)
ATTRS = ["a&b", "c", "a", "b&c"]
BOTH = [["a&b", "c"], ["a", "b&c"]]


@pytest.mark.parametrize("face", ["audit", "threshold_table", "compare"])
def test_python_faces_refuse_two_intersections_of_one_name(face):
    sf, y, p = FRAME[ATTRS], FRAME["y"], FRAME["p"]
    kw = dict(intersections=BOTH, n_boot=100)
    call = {
        "audit": lambda: el.audit(y, p, sf, **kw),
        "threshold_table": lambda: el.threshold_table(y, p * 0.5 + 0.2, sf, **kw),
        "compare": lambda: el.compare(y, p, 1 - p, sf, **kw),
    }[face]
    with pytest.raises(EthicLensInputError, match=r"would both be named 'a&b&c'") as err:
        call()
    assert err.value.column == "intersections"


def test_one_of_them_still_audits():
    r = el.audit(FRAME["y"], FRAME["p"], FRAME[ATTRS], intersections=BOTH[:1], n_boot=100)
    assert [a.name for a in r.attributes][-1] == "a&b&c"
