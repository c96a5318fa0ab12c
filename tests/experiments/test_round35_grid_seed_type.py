"""Round 35: a grid file's ``seeds: 1e20`` (a float that YAML and JSON keep the text of) was
refused as "not WrittenFloat", the name of an internal class; now "not float", as ``3.0``."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import load_grid


@pytest.mark.parametrize(
    ("name", "text"),
    [("g.yaml", "seeds: 1e20\n"), ("g.json", '{"seeds": 1e20}'), ("g.yaml", "seeds: 3.5\n")],
)
def test_a_float_seed_count_is_called_a_float(tmp_path, name, text):
    (tmp_path / name).write_text(text)
    with pytest.raises(EthicLensInputError) as err:
        load_grid(tmp_path / name)
    assert "a list of integers, not float" in str(err.value)
    assert "WrittenFloat" not in str(err.value)
