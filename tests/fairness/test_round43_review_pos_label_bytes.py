"""Round 43 review: ``pos_label`` given as bytes that are no UTF-8 text, beside labels held as
bytes, was refused as ``column 'pos_label'`` with the fix "decode the column with its encoding
first": the sibling of ``pos_label=nan`` (cedeef17). It is the caller's argument, and the fix
names the labels it can be."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError

Y = pd.Series([b"no", b"yes"] * 6, dtype=object)
P = pd.Series([b"yes", b"no", b"no", b"yes"] * 3, dtype=object)
G = pd.Series(list("ab") * 6)
WORDS = (
    "argument 'pos_label': holds bytes that are not UTF-8 text, as the labels are read "
    "(value: {!r}). Fix: give the positive label as text: the labels read ['no', 'yes']"
)


@pytest.mark.parametrize("label", [b"\xff", np.bytes_(b"\xff")], ids=["bytes", "np"])
@pytest.mark.parametrize("face", ["audit", "compare", "threshold_table"])
def test_undecodable_pos_label_is_the_argument(face, label):
    call = {
        "audit": lambda: ethiclens.audit(Y, P, G, pos_label=label),
        "compare": lambda: ethiclens.compare(Y, P, P.iloc[::-1].values, G, pos_label=label),
        "threshold_table": lambda: ethiclens.threshold_table(
            Y, pd.Series([0.1, 0.9] * 6), G, pos_label=label
        ),
    }[face]
    with pytest.raises(EthicLensInputError) as err:
        call()
    assert str(err.value) == WORDS.format(label)


def test_utf8_bytes_pos_label_still_names_the_text_label():
    by_bytes = ethiclens.audit(Y, P, G, pos_label=b"yes", n_boot=100)
    by_text = ethiclens.audit(Y, P, G, pos_label="yes", n_boot=100)
    assert by_bytes.to_dict()["comparisons"] == by_text.to_dict()["comparisons"]
    assert len(by_text.to_dict()["comparisons"]) == 1
