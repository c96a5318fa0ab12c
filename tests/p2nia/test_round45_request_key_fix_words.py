"""Round 45 (review of 4837c0b3): a request file's (or a request dict's) bad ε was told the
flag's example, "key 'epsilon in req.json': ε must be a finite number > 0 (value: 0). Fix:
e.g. --epsilon 1.0", a flag the file's user never typed (test_round3_flag_names pins that no
'--epsilon' is shown); n and δ alike ("e.g. --n 2000", "e.g. --delta 1e-6"). The example is now
written as the key: 'e.g. "epsilon": 1.0'."""

from __future__ import annotations

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request
from ethiclens.p2nia._protocol import as_request

BASE = make_request(1000, "sex", epsilon=1.0, mechanism="mst", delta=1e-6).to_dict()
CASES = [
    ("epsilon", 0, 'e.g. "epsilon": 1.0'),
    ("epsilon", "x", 'e.g. "epsilon": 1.0'),
    ("epsilon", None, 'e.g. "epsilon": 1.0'),
    ("n", 0, 'e.g. "n": 2000'),
    ("delta", "x", 'e.g. "delta": 1e-6, or leave it out'),
]


@pytest.mark.parametrize(("key", "value", "fix"), CASES)
def test_a_request_dict_s_key_is_fixed_in_its_key_s_words(key, value, fix):
    with pytest.raises(EthicLensInputError) as info:
        as_request({**BASE, key: value})
    assert info.value.column == f"{key} in request" and info.value.fix.endswith(fix)
    assert "--" not in str(info.value)


@pytest.mark.parametrize(("key", "value", "fix"), CASES[:2])
def test_a_request_file_s_key_is_fixed_in_its_key_s_words(tmp_path, capsys, key, value, fix):
    request = tmp_path / "req.json"
    request.write_text(json.dumps({**BASE, key: value}))
    argv = ["p2nia", "release", "--request", str(request), "--data", str(tmp_path / "d.csv")]
    assert main([*argv, "--y-pred", "p", "--out", str(tmp_path / "rel")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: key '{key}': {request}: ") and err.endswith(f"Fix: {fix}\n")


def test_a_python_caller_and_the_command_line_keep_their_words(tmp_path, capsys):
    with pytest.raises(EthicLensInputError, match=r"Fix: e\.g\. epsilon=1\.0$"):
        make_request(1000, "sex", epsilon=0)
    assert main(["p2nia", "request", "--n", "1000", "--protected", "sex", "--epsilon", "0"]
                + ["--out", str(tmp_path / "r.json")]) == 2  # fmt: skip
    assert capsys.readouterr().err.endswith("Fix: e.g. --epsilon 1.0\n")
