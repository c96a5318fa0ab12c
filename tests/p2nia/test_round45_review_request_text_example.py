"""Round 45 review of 20e2dd05: a request key's (or make_request argument's) example was
rewritten from the flag's words by replacing '--protected ' only, so a text value stayed bare:
a request file with "protected": 5 said 'Fix: e.g. "protected": sex' (no JSON), and
make_request(1000, 5) 'Fix: e.g. protected=sex' (a NameError in Python). A text example is now
quoted as the file or the caller writes it; a number stays as is."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import as_request, make_request

BASE = make_request(1000, "sex", epsilon=1.0).to_dict()


def test_a_request_key_s_text_example_is_json(tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({**BASE, "protected": 5}))
    out = tmp_path / "o"
    argv = ["p2nia", "release", "--request", path, "--data", path, "--y-pred", "p", "--out", out]
    assert main([str(a) for a in argv]) == 2
    assert capsys.readouterr().err.endswith('Fix: e.g. "protected": "sex"\n')
    with pytest.raises(EthicLensInputError) as dict_key:
        as_request({**BASE, "protected": ""})
    assert dict_key.value.fix == 'e.g. "protected": "sex"'
    with pytest.raises(EthicLensInputError) as number:
        as_request({**BASE, "n": 0})
    assert number.value.fix == 'e.g. "n": 2000'


def test_a_python_argument_s_text_example_is_a_python_string():
    with pytest.raises(EthicLensInputError) as exc:
        make_request(1000, 5, epsilon=1.0)
    assert exc.value.fix == "e.g. protected='sex'"
    with pytest.raises(EthicLensInputError) as number:
        make_request(0, "sex", epsilon=1.0)
    assert number.value.fix == "e.g. n=2000"
