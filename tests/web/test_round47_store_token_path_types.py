"""web.Store(path) and web.read_token_file(path) given no path (None, a number, a set, bytes,
blank text) crashed with os's TypeError ('expected str, bytes or os.PathLike object, not
NoneType') or, for ' ', made a history file named ' ' in the working folder. Each is refused
naming its argument or flag (io._refuse_no_path, the one check of a path), as WebConfig's
own fields are."""

import numpy as np
import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import Store, is_url, read_token_file

NO_PATHS = {
    "None": None,
    "number": 3,
    "nan": float("nan"),
    "set": {1, 2},
    "bytes": b"h.sqlite",
    "0-d array": np.array(1.0),
    "blank": " ",
}
FACES = {
    "Store": (Store, "'WebConfig.store'"),
    "read_token_file": (read_token_file, "'--token-file'"),
}


@pytest.mark.parametrize("value", NO_PATHS.values(), ids=NO_PATHS.keys())
@pytest.mark.parametrize("face, named", FACES.values(), ids=FACES.keys())
def test_no_path_is_refused_naming_it(face, named, value, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(EthicLensInputError) as err:
        face(value)
    assert named in str(err.value)
    assert not list(tmp_path.iterdir())  # no file named ' ' (or anything) was made


def test_is_url_of_no_text_is_false():
    assert not is_url(10**5000) and not is_url(None) and is_url(" postgresql://h/db")
