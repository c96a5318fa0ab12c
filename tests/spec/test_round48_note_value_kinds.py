"""API battery (spec's note helpers, round 48): note_value and override_note(old=) given a
set or bytes crashed with json's 'Object of type set is not JSON serializable', given 10**5000
with Python's int-to-text error; target_key({1, 2}) with 'unhashable type'. Each refuses naming
the argument; a config's own values (text, numbers, true/false, null, lists, mappings) are
written as before."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import note_value, override_note, target_key

BIG = 10**5000


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: note_value({1, 2}), "value"),
        (lambda: note_value(b"x"), "value"),
        (lambda: note_value(BIG), "value"),
        (lambda: note_value([1, {2}]), "value"),
        (lambda: override_note("policy.n_boot", {1, 2}, "--n-boot 5", "c.yaml"), "old"),
        (lambda: override_note("policy.n_boot", b"x", "--n-boot 5", "c.yaml"), "old"),
        (lambda: override_note("policy.n_boot", BIG, "--n-boot 5", "c.yaml"), "old"),
        (lambda: target_key({1, 2}), "target"),
        (lambda: target_key(b"adult"), "target"),
        (lambda: target_key(BIG), "target"),
    ],
)
def test_a_wrong_kind_is_refused_naming_the_argument(call, name):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'") as info:
        call()
    assert "4300" not in str(info.value) and "JSON serializable" not in str(info.value)


def test_config_values_are_written_as_before():
    assert note_value("g") == "g" and note_value(" g") == "' g'"
    assert note_value(500) == "500" and note_value(None) == "null"
    assert note_value([1, "a"]) == '[1, "a"]' and note_value({"a": True}) == '{"a": true}'
    note = override_note("policy.n_boot", 1000, "--n-boot 500", "c.yaml")
    assert note == "note: --n-boot 500 overrides policy.n_boot = 1000 from c.yaml"
    assert target_key("no-such-file.csv") == "file"
