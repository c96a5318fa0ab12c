"""Round 40 (p2nia hunt): a request's δ given as an int past a float's range (a JSON request
file holding -1 followed by 400 zeros, or delta=-10**400 in Python) stopped the request check
at ``float(delta)`` with an OverflowError traceback where 1/n′ is the tighter bound (n′ above
1,000). It is now refused as any δ at or below 0 is, naming the range that holds."""

import json

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_request


def test_a_huge_negative_delta_is_refused_in_python():
    with pytest.raises(EthicLensInputError, match=r"δ must be in \(0, 1e-05\)") as info:
        make_request(100_000, "sex", epsilon=1.0, mechanism="mst", delta=-(10**400))
    assert info.value.column == "delta"


def test_a_huge_negative_delta_in_a_request_file_is_refused(tmp_path):
    body = {"n": 100_000, "protected": "sex", "mechanism": "aim", "epsilon": 1.0, "delta": 0}
    text = json.dumps(body).replace('"delta": 0', '"delta": -1' + "0" * 400)
    path = tmp_path / "request.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EthicLensInputError, match=r"δ must be in \(0, 1e-05\)"):
        read_request(path)
