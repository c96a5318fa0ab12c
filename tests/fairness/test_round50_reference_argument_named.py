"""A wrong ``reference=`` is refused as the keyword it is (round 50).

``audit(y, p, df[['race', 'sex']], reference='a')`` was refused "column 'reference': several
attributes need ...", and ``reference={'rase': 'A'}`` "column 'rase': reference given for an
unknown attribute": neither is a column of the data. Both now name the argument, on every
function that takes it (audit, audit_counts, compare, threshold_table).
"""

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.sources import Roles, counts_of

_RNG = np.random.default_rng(0)
_N = 200
_Y = _RNG.integers(0, 2, _N)
_P = _RNG.integers(0, 2, _N)
_S = _RNG.uniform(0, 1, _N)
_G = pd.DataFrame({"race": _RNG.choice(["a", "b"], _N), "sex": _RNG.choice(["m", "f"], _N)})


def _call(face, reference):
    if face == "audit":
        return ethiclens.audit(_Y, _P, _G, reference=reference, n_boot=100)
    if face == "compare":
        return ethiclens.compare(_Y, _P, 1 - _P, _G, reference=reference, n_boot=100)
    if face == "threshold_table":
        return ethiclens.threshold_table(_Y, _S, _G, reference=reference, n_boot=100)
    rows = _G.assign(y=_Y, p=_P)
    table = counts_of(rows, Roles(y_true="y", y_pred="p", protected=["race", "sex"]))
    return ethiclens.audit_counts(table, reference=reference, n_boot=100)


FACES = ["audit", "audit_counts", "compare", "threshold_table"]


@pytest.mark.parametrize("face", FACES)
def test_one_group_for_several_attributes_names_the_argument(face):
    with pytest.raises(ethiclens.EthicLensInputError) as exc:
        _call(face, "a")
    text = str(exc.value)
    assert text.startswith("argument 'reference': several attributes need a reference"), text
    assert "column 'reference'" not in text


@pytest.mark.parametrize("face", FACES)
def test_an_unknown_attribute_names_the_argument_and_the_attribute(face):
    with pytest.raises(ethiclens.EthicLensInputError) as exc:
        _call(face, {"rase": "a"})
    text = str(exc.value)
    assert text.startswith("argument 'reference': reference given for an unknown attribute 'rase'")
    assert "column 'rase'" not in text
    assert "use names from race, sex" in text


@pytest.mark.parametrize("face", FACES)
def test_an_unknown_group_shows_the_value_as_given(face):
    # reference={'race': 1} was shown "(value: '1')", as if the text '1' had been given
    with pytest.raises(ethiclens.EthicLensInputError) as exc:
        _call(face, {"race": 1, "sex": "m"})
    assert "unknown reference group (value: 1)." in str(exc.value)
    with pytest.raises(ethiclens.EthicLensInputError, match=r"\(value: 'c'\)"):
        _call(face, {"race": "c", "sex": "m"})
