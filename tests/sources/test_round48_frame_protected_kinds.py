"""Round 48 (api battery, class: audit_frame's protected given as no list of names).

``ethiclens.audit_frame(frame, y_pred='p', protected=np.array(1.0))`` (a 0-d array, a name
in one too) crashed with numpy's "TypeError: iteration over a 0-d array"; a set or a dict was
read as names in no set order (its keys), and ``bytearray(b'g')`` as the columns 103, ... (its
byte values). A set, a mapping and a 0-d array are now refused as no names are ("argument
'protected': must name one or more columns of the frame"), bytes in any form is one name;
a name, a list, a tuple or a generator of names as before (the audit_frame files test them)."""

import numpy as np
import pandas as pd
import pytest

dd = pytest.importorskip("dask.dataframe")

from ethiclens import EthicLensInputError, audit_frame  # noqa: E402

FRAME = pd.DataFrame({"p": [0, 1] * 50, "g": ["a", "b"] * 50, 1: ["x", "y"] * 50})


@pytest.fixture(scope="module")
def frame():
    return dd.from_pandas(FRAME, npartitions=1)


@pytest.mark.parametrize(
    "protected",
    [np.array(1.0), np.array("g"), {"g", 1}, frozenset({"g"}), {"g": 1}],
    ids=["0-d number", "0-d name", "set", "frozenset", "dict"],
)
def test_no_list_of_names_is_refused(frame, protected):
    with pytest.raises(EthicLensInputError, match="^argument 'protected': must name one or"):
        audit_frame(frame, y_pred="p", protected=protected, n_boot=100)


def test_a_bytearray_is_one_name_never_its_byte_values(frame):
    with pytest.raises(EthicLensInputError, match="b'g'") as err:
        audit_frame(frame, y_pred="p", protected=bytearray(b"g"), n_boot=100)
    assert "103" not in str(err.value).split("Fix")[0]
