"""A request file's float the reader keeps the text of (1e400, 1e300) was refused naming the
reader's internal type ('not a WrittenFloat') and quoting 1e400 as 'inf'; it now reads 'not a
float' and quotes the number as written, as epsilon's refusal does."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, read_request

BODY = (
    '"format": "ethiclens-p2nia-request/1", "protected": "sex", "protected_domain": '
    '["M", "F"], "metrics": ["dp"], "mechanism": "grr", "epsilon": 1'
)


def _refusal(tmp_path, text, suffix=".json"):
    path = tmp_path / f"r{suffix}"
    path.write_text(text, "utf-8")
    with pytest.raises(EthicLensInputError) as info:
        read_request(path)
    return str(info.value)


@pytest.mark.parametrize("n", ["1e400", "1e300", "-1E+400"])
def test_n_is_a_float_quoted_as_written(tmp_path, n):
    msg = _refusal(tmp_path, "{" + BODY + f', "n": {n}' + "}")
    assert f"not a float (value: '{n}')" in msg and "Written" not in msg


def test_top_level_and_domain_name_float(tmp_path):
    assert "not float" in _refusal(tmp_path, "1e400")
    yaml = BODY.replace('"', "").replace(", ", "\n").replace("[M\nF]", "1e400")
    msg = _refusal(tmp_path, yaml + "\nn: 50\n", ".yaml")
    assert "group domain must be a list of group names, not float" in msg


def test_python_floats_unchanged():
    with pytest.raises(EthicLensInputError, match=r"not a float \(value: 'inf'\)"):
        make_request(float("inf"), "sex", epsilon=1)
