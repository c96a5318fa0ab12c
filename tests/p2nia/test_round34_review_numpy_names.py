"""Round 34 review (P2NIA): a protected column or groups given as NumPy strings
(``np.str_``: ``list(np.unique(df["sex"]))``, ``df.columns[0]`` of a NumPy-built frame) were
kept as such: the request, its to_dict() and every refusal then showed them as
``np.str_('gender')`` ("column np.str_('gender'): not in the audit data"). They are read as the
text they print as, as make_request reads an array's values."""

import numpy as np
import pandas as pd
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import AuditRequest, make_request, release


def test_numpy_strings_are_read_as_text():
    groups = list(np.unique(np.array(["M", "F"])))
    req = make_request(100, np.str_("gender"), epsilon=1.0, protected_domain=groups)
    assert type(req.protected) is str and [type(g) for g in req.protected_domain] == [str, str]
    assert req == make_request(100, "gender", epsilon=1.0, protected_domain=["F", "M"])
    assert "np.str_" not in repr(req) + repr(AuditRequest.from_dict(req.to_dict()))
    data = pd.DataFrame({"sex": ["F", "M"] * 20, "y": [0, 1] * 20, "pred": [1, 0] * 20})
    with pytest.raises(EthicLensInputError, match=r"^column 'gender': not in the audit data"):
        release(req, data, "y", "pred")
    with pytest.raises(EthicLensInputError, match=r"\(value: \['F', 'F'\]\)"):
        make_request(100, "sex", epsilon=1.0, protected_domain=[np.str_("F"), np.str_("F")])


def test_numpy_strings_of_the_other_fields_too():
    words = np.array(["dp", "eo", "grr", "record", "dq"])
    req = make_request(
        100, "sex", epsilon=1.0, metrics=list(words[:2]), mechanism=words[2], accounting=words[3]
    )
    assert "np.str_" not in repr(req)
    assert req == make_request(100, "sex", epsilon=1.0, metrics=["dp", "eo"])
    with pytest.raises(EthicLensInputError, match=r"\(value: 'dq'\)"):  # the bad item, as text
        make_request(100, "sex", epsilon=1.0, metrics=[words[4]])
