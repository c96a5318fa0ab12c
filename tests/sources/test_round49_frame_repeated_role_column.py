"""A frame holding a role's column twice (pd.concat of frames sharing a name, a Spark join) was
audited into a crash or a misleading refusal: ethiclens.audit_frame(dask frame) raised
AttributeError "'DataFrame' object has no attribute 'dtype'", sources.counts_of(pandas frame)
"argument 'values': must be a pandas Series of values, not DataFrame" or numpy's "Expected a 1D
array". Refused now as a file's header naming a column twice is: "the frame has two columns
named 'g'. Fix: rename the columns so each name is unique" (Dask and Spark share the frame
check). A repeated column that no role reads is left alone, as before."""

import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.sources import Roles, counts_of

dd = pytest.importorskip("dask.dataframe")

BASE = pd.DataFrame({"y": [i % 2 for i in range(60)], "p": [i // 2 % 2 for i in range(60)]})
BASE["g"] = ["ab"[i % 3 == 0] for i in range(60)]


def _audit(face, frame):
    if face == "dask":
        return ethiclens.audit_frame(
            dd.from_pandas(frame, npartitions=2), y_true="y", y_pred="p", protected="g"
        )
    return counts_of(frame, Roles(y_pred="p", protected=["g"], y_true="y"))


@pytest.mark.parametrize("face", ["dask", "pandas"])
@pytest.mark.parametrize("twice", ["g", "y", "p"])
def test_a_role_column_held_twice_is_refused_naming_it(face, twice):
    frame = pd.concat([BASE, BASE[[twice]]], axis=1)
    with pytest.raises(EthicLensInputError) as info:
        _audit(face, frame)
    assert str(info.value) == (
        f"the frame has two columns named {twice!r}. Fix: rename the columns so each name is unique"
    )


@pytest.mark.parametrize("face", ["dask", "pandas"])
def test_a_repeated_column_no_role_reads_is_left_alone(face):
    other = BASE[["g"]].rename(columns={"g": "x"})
    assert _audit(face, pd.concat([BASE, other, other], axis=1)) is not None
