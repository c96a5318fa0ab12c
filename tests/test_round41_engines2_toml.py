"""Round 41 (engines2): a TOML config holding a whole number past the 4,300 digits int()
converts was refused in Python's words ('Exceeds the limit (4300 digits) for integer string
conversion ... sys.set_int_max_str_digits()'), naming no key; its floats lost their text."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import as_written, read_config_file

TOML = (".toml", ".yaml", ".json")
BIG = "1" + "0" * 5000


def refusal(tmp_path, text: str) -> str:
    path = tmp_path / "grid.toml"
    path.write_text(text)
    with pytest.raises(EthicLensInputError) as info:
        read_config_file(path, "--grid", "sweep grid", suffixes=TOML)
    return str(info.value)


@pytest.mark.parametrize(
    ("text", "key", "shown"),
    [
        (f"epsilons = [1, {BIG}]\n", "epsilons", "100000000000…000000 (5,001 digits)"),
        (f"[train]\nlr = -{BIG}\n", "train.lr", "-100000000000…000000 (5,001 digits)"),
        (f'x = "a {BIG}"\nseed = 1_{BIG}\n', "seed", "110000000000…000000 (5,002 digits)"),
    ],
)
def test_long_integer_names_its_key(tmp_path, text, key, shown):
    message = refusal(tmp_path, text)
    assert f"cannot parse grid.toml: the key '{key}' holds a whole number of {shown}" in message
    assert "a TOML integer has at most 19 digits" in message
    assert "set_int_max_str_digits" not in message and "4300" not in message


def test_long_digits_only_in_a_string_are_text(tmp_path):
    path = tmp_path / "grid.toml"
    path.write_text(f'x = "{BIG}"\n')
    assert read_config_file(path, "--grid", suffixes=TOML) == {"x": BIG}


def test_toml_floats_keep_their_text(tmp_path):
    path = tmp_path / "grid.toml"
    path.write_text("lr = 1e400\nm = 1e-400\nk = 2.10\nn = 3\n")
    data = read_config_file(path, "--grid", suffixes=TOML)
    assert [as_written(data[k]) for k in ("lr", "m", "k", "n")] == ["1e400", "1e-400", "2.10", "3"]
