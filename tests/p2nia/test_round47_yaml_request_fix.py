"""Round 47 (p2nia hunter's found item 3): a YAML request file's refusal gave its fix in
JSON ('epsilon in req.yaml': ... Fix: e.g. "epsilon": 1.0), a line that is no YAML key. The
fix is now in the file's own syntax: 'e.g. epsilon: 1.0' for .yaml/.yml, JSON's as before."""

import json

import pytest
import yaml

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import read_request

BASE = "mechanism: grr\nmetrics: [dp]\nprotected_domain: [F, M]\n"


@pytest.mark.parametrize("suffix", [".yaml", ".YML", ".json"])
@pytest.mark.parametrize(
    "fields,yaml_fix",
    [
        ("n: 100\nprotected: sex\nepsilon: -1\n", "e.g. epsilon: 1.0"),
        ("n: 0\nprotected: sex\nepsilon: 1\n", "e.g. n: 2000"),
        ('n: 100\nprotected: ""\nepsilon: 1\n', 'e.g. protected: "sex"'),
    ],
)
def test_a_request_files_fix_is_in_its_own_syntax(tmp_path, suffix, fields, yaml_fix):
    path = tmp_path / f"req{suffix}"
    data = yaml.safe_load(BASE + fields)
    path.write_text(json.dumps(data) if suffix == ".json" else BASE + fields)
    with pytest.raises(EthicLensInputError) as caught:
        read_request(path)
    key, rest = yaml_fix[len("e.g. ") :].split(": ")
    want = yaml_fix if suffix != ".json" else f'e.g. "{key}": {rest}'
    assert str(caught.value).endswith(f"Fix: {want}"), caught.value
