"""Review of 484406fe (a label written with a trailing '.' beside the label as given): where
pos_label itself carries the dot ('Yes.' or '>50K.', the column writing 'Yes.' and 'Yes'), its
fix said only 'drop the trailing '.' of the labels', after which that pos_label occurs nowhere
(a second refusal). The fix now also names the label without its dot; pos_label '>50K' as
before."""

from __future__ import annotations

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

AS_SAID = (
    "name the label without it (--pos-label {0} on the command line, pos_label='{0}' in Python)"
)


@pytest.mark.parametrize(("pos", "other"), [("Yes.", "Yes"), (">50K.", ">50K")])
def test_a_dotted_pos_label_is_told_to_drop_its_dot_too(pos, other):
    y = pd.Series([pos, other, "No", "No"] * 5, name="y")
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(y, y.rename("p"), pd.Series(["a", "b"] * 10), pos_label=pos)
    assert "drop the trailing '.' of the labels" in exc.value.fix, exc.value
    assert AS_SAID.format(other).replace("--pos-label >50K", "--pos-label '>50K'") in exc.value.fix


def test_an_undotted_pos_label_keeps_its_fix():
    y = pd.Series([">50K", ">50K.", "No", "No"] * 5, name="y")
    with pytest.raises(EthicLensInputError) as exc:
        ethiclens.audit(y, y.rename("p"), pd.Series(["a", "b"] * 10), pos_label=">50K")
    assert "drop the trailing '.'" in exc.value.fix and "without it" not in exc.value.fix
