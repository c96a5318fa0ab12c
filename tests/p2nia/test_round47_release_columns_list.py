"""ReleaseSettings(columns=...) from Python: a list or tuple of names is read as the
comma-separated text is (as request_from_options' groups and metrics take one); a set, a
number, an empty list or an item that is no text is refused naming --columns."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens import EthicLensInputError
from ethiclens.p2nia import ReleaseSettings, make_request, release_to_folder


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rel")
    rng = np.random.default_rng(0)
    n = 300
    data = pd.DataFrame(
        {
            "sex": rng.choice(["F", "M"], n),
            "a": rng.choice(["u", "v"], n),
            "b": rng.choice(["w", "x"], n),
            "p": rng.integers(0, 2, n),
        }
    )
    data.to_csv(tmp / "data.csv", index=False)
    (tmp / "req.json").write_text(
        json.dumps(make_request(100, "sex", metrics=["dp"], epsilon=2.0).to_dict())
    )
    return tmp


def _release(files, columns, out):
    settings = ReleaseSettings(y_pred="p", columns=columns, seed=1)
    return release_to_folder(files / "req.json", files / "data.csv", files / out, settings)


def test_list_and_tuple_read_as_the_text(files):
    # a GRR request releases no extra column: the text's refusal (the columns parsed, then
    # refused by the mechanism) is the list's, where the list was refused 'must be text'
    said = []
    for given in ("a,b", ["a", "b"], ("a", "b")):
        with pytest.raises(EthicLensInputError) as info:
            _release(files, given, "grr")
        said.append(str(info.value))
    assert "GRR releases only the request's columns" in said[0]
    assert said == [said[0]] * 3


@pytest.mark.parametrize("bad", [{"a", "b"}, 3, [], ["a", 3]], ids=["set", "int", "empty", "item"])
def test_other_values_refused_naming_columns(files, bad):
    with pytest.raises(EthicLensInputError) as info:
        _release(files, bad, "bad")
    assert info.value.column == "--columns"
    assert not (files / "bad").exists()
