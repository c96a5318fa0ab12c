"""Round 47 (p2nia known item a): an ε or δ past a float's range given as a whole number (a
request file's 400-digit integer, ``check_epsilon(10**400)``) was refused showing
``(value: '(huge)')``, a word no one wrote; ``--epsilon`` with those 400 digits showed them
cut in the middle as text, ``check_dp_epsilon`` showed the first 40 digits as if they were
the number (and crashed on ``10**5000``: 'Exceeds the limit (4300 digits)'). Each now shows
it shortened as every long whole number is: ``111111111111…111111 (400 digits)``."""

import json

import pytest

from ethiclens._checks import check_delta, check_dp_epsilon, check_epsilon
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import read_request

DIGITS = "1" * 400
SHOWN = "111111111111…111111 (400 digits)"
BASE = {"n": 100, "protected": "sex", "metrics": ["dp"], "protected_domain": ["F", "M"]}


def _refusal(call, *args, **kwargs) -> str:
    with pytest.raises(EthicLensInputError) as caught:
        call(*args, **kwargs)
    return str(caught.value)


@pytest.mark.parametrize("sign", ["", "-"])
@pytest.mark.parametrize(
    "call,given",
    [
        (check_epsilon, lambda s: int(s + DIGITS)),
        (check_epsilon, lambda s: s + DIGITS),  # an option's text
        (check_delta, lambda s: int(s + DIGITS)),
        (check_dp_epsilon, lambda s: int(s + DIGITS)),
        (check_dp_epsilon, lambda s: s + DIGITS),
    ],
)
def test_python_shows_a_huge_whole_number_shortened(call, given, sign):
    kwargs = {"text": True} if call is check_epsilon and isinstance(given(""), str) else {}
    said = _refusal(call, given(sign), "epsilon", **kwargs)
    assert f"(value: {sign}{SHOWN})" in said and "huge" not in said, said


def test_a_number_past_str_limit_is_shown_not_a_crash():
    said = _refusal(check_dp_epsilon, 10**5000, "epsilon")
    assert "(value: 100000000000…000000 (5,001 digits))" in said, said


@pytest.mark.parametrize("key", ["epsilon", "delta"])
def test_a_request_file_and_the_option_show_it_alike(tmp_path, capsys, key):
    fields = {**BASE, "mechanism": "mst" if key == "delta" else "grr", "epsilon": 1}
    path = tmp_path / "req.json"
    path.write_text(json.dumps({**fields, key: 0}).replace(f'"{key}": 0', f'"{key}": {DIGITS}'))
    with pytest.raises(EthicLensInputError) as caught:
        read_request(path)
    assert f"(value: {SHOWN})" in str(caught.value), caught.value
    argv = ["p2nia", "request", "--n", "100", "--protected", "sex", "--groups", "F,M"]
    argv += ["--mechanism", fields["mechanism"], f"--{key}", DIGITS]
    argv += ["--epsilon", "1"] if key == "delta" else []
    assert main([*argv, "--out", str(tmp_path / "r.json")]) == 2
    err = capsys.readouterr().err
    assert f"(value: {SHOWN})" in err and DIGITS[:50] not in err, err
