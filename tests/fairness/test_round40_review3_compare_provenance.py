"""compare's report never draws provenance's model/data/limitations: a shape the model card
would refuse (provenance={'model': {'params': {'lr': 0.1}}}) worked in compare before 14bc97a5
and is kept, as given, on the comparison and on both of its audits; audit still refuses it."""

import numpy as np
import pytest

import ethiclens as el
from ethiclens.errors import EthicLensInputError

Y = np.array([0, 1] * 20)
A = np.array([0, 1, 1, 0] * 10)
B = np.array([1, 1, 0, 0] * 10)
S = np.array(["x", "y"] * 20)
PROV = {"model": {"params": {"lr": 0.1}}, "data": ["a", ["b"]]}


def test_compare_keeps_provenance_the_card_would_refuse(tmp_path):
    comp = el.compare(Y, A, B, S, n_boot=100, random_state=0, provenance=PROV)
    assert comp.data["provenance"] == PROV
    assert comp.audit_a.data["provenance"] == PROV
    assert comp.audit_b.data["provenance"] == PROV
    comp.to_html(tmp_path / "c.html")
    assert (tmp_path / "c.html").stat().st_size > 0


def test_audit_still_refuses_it_before_its_work():
    with pytest.raises(EthicLensInputError, match=r"provenance\['model'\]\['params'\]"):
        el.audit(Y, A, S, n_boot=100, random_state=0, provenance=PROV)
