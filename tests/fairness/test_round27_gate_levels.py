"""Round 27: Python's gate refuses an unknown ``fail_on`` with the choices every other face
lists (``--fail-on``, ``gate.fail_on``, ``ethiclens.audit(fail_on=...)``): "must be one of
flagged, inconclusive, insufficient, never", not a Python list with ``never`` first."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import gate

CHOICES = "must be one of flagged, inconclusive, insufficient, never"


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    path = tmp_path_factory.mktemp("gate27levels") / "rows.csv"
    rng = np.random.default_rng(0)
    g = np.repeat(["A", "B"], 300)
    frame = pd.DataFrame({"g": g, "y": rng.integers(0, 2, 600), "p": rng.integers(0, 2, 600)})
    frame.to_csv(path, index=False)
    return ethiclens.audit(str(path), y_true="y", y_pred="p", protected=["g=A"], n_boot=100)


@pytest.mark.parametrize("level", ["FLAGGED", "always", 1])
def test_every_face_lists_the_levels_alike(result, level):
    with pytest.raises(EthicLensInputError) as spec_face:
        ethiclens.audit(result.run["spec"]["target"]["file"], y_true="y", y_pred="p",
                        protected=["g=A"], n_boot=100, fail_on=level)  # fmt: skip
    assert CHOICES in str(spec_face.value)
    for call in (lambda: result.gate(level), lambda: gate(json.loads(result.to_json()), level)):
        with pytest.raises(EthicLensInputError) as caught:
            call()
        said = str(caught.value)
        assert said.startswith("argument 'fail_on': unknown gate level"), said
        assert CHOICES in said and "['never'" not in said, said
        assert said.endswith("use one of flagged, inconclusive, insufficient, never"), said
