"""Round 46: a request file's number written otherwise than Python prints it ('n: 1e2') was
refused as '(value: 100.0)', a number no one wrote; the refusal shows it as written, as the
same text typed on the command line is shown."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import read_request

FIELDS = "protected: sex\nmetrics: [dp]\nmechanism: grr\nprotected_domain: [F, M]\nepsilon: 1\n"


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_a_float_n_is_refused_as_written(tmp_path, suffix):
    path = tmp_path / f"req{suffix}"
    if suffix == ".json":
        body = '{"n": 1e2, "protected": "sex", "metrics": ["dp"], "mechanism": "grr", '
        path.write_text(body + '"protected_domain": ["F", "M"], "epsilon": 1}')
    else:
        path.write_text("n: 1e2\n" + FIELDS)
    with pytest.raises(EthicLensInputError) as caught:
        read_request(path)
    assert "(value: '1e2')" in str(caught.value), caught.value
    assert "100.0" not in str(caught.value)
