"""Python-API battery: roles given as no ethiclens.sources.Roles (None, a dict, a spec's
Roles) to a counting function were a bare TypeError; they are now a refusal naming the
argument (one line on every face) that is still the TypeError a caller may catch."""

import pandas as pd
import pytest

from ethiclens import sources
from ethiclens.errors import EthicLensInputError

FRAME = pd.DataFrame({"p": [1, 0], "g": ["a", "b"]})


@pytest.mark.parametrize("roles", [None, {"y_pred": "p"}, "p"], ids=["None", "dict", "str"])
@pytest.mark.parametrize("face", ["counts_of", "read_rows"])
def test_roles_of_wrong_type_refused_by_argument(face, roles, tmp_path):
    path = tmp_path / "d.csv"
    FRAME.to_csv(path, index=False)
    call = {
        "counts_of": lambda: sources.counts_of(FRAME, roles),
        "read_rows": lambda: sources.read_rows(str(path), roles),
    }[face]
    with pytest.raises(EthicLensInputError) as info:
        call()
    assert isinstance(info.value, TypeError)
    assert info.value.column == "roles"
    text = str(info.value)
    assert text.startswith("argument 'roles': ") and "Fix: pass ethiclens.sources.Roles(" in text
    assert ("not None" if roles is None else f"not {type(roles).__name__}") in text
