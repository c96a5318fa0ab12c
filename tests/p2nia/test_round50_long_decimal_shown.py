"""Round 50 (review of 5d49a611): a request file's ε or δ written as a 5,000-digit decimal
("epsilon": 999…9.5, read as inf, its text kept) was shown whole in the refusal (~5,200
characters): errors._typed_text shortened only a long whole number. Any other long number text
is now cut as every long value a message shows is, the same as the same text typed on the
command line (--epsilon 999…9.5)."""

import json

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import WrittenFloat
from ethiclens.p2nia import read_request

BIG = "9" * 5000 + ".5"


def _value_shown(text: str) -> str:
    return text.partition("(value: ")[2].rpartition(")")[0]


@pytest.mark.parametrize("key", ["epsilon", "delta"])
def test_a_request_files_long_decimal_is_shown_short(tmp_path, capsys, key):
    body = {"n": 100, "protected": "g", "protected_domain": ["a", "b"], "epsilon": 1}
    body |= {"mechanism": "mst", "delta": 0} if key == "delta" else {"mechanism": "grr"}
    path = tmp_path / "req.json"
    path.write_text(json.dumps({**body, key: 0}).replace(f'"{key}": 0', f'"{key}": {BIG}'))
    with pytest.raises(EthicLensInputError) as info:
        read_request(path)
    said = str(info.value)
    assert len(said) < 700 and said.count("9") < 400, said[:400]
    if key == "epsilon":  # as the same text typed on the command line shows it
        argv = ["p2nia", "request", "--n", "100", "--protected", "g", "--groups", "a,b"]
        assert main([*argv, "--epsilon", BIG, "--out", str(tmp_path / "o.json")]) == 2
        assert _value_shown(capsys.readouterr().err) == _value_shown(said)


def test_any_kept_long_number_text_is_shown_short():
    kept = WrittenFloat("inf")
    kept.yaml_text = "-" + BIG + "e5"
    said = str(EthicLensInputError("too large", column="x", value=kept))
    assert len(said) < 400 and said.endswith(".5e5')"), said
