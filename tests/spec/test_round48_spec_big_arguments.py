"""API battery (spec's exported helpers, round 48): checked_spec_file(10**5000),
output_not_written(path=10**5000: said
shortened), refuse_engine_beside_db(10**5000) and typed_group(10**5000)
crashed with Python's int-to-text error ('Exceeds the limit (4300 digits)'). The first three
refuse naming the argument, as spec.typed_group now does (spec's export guarded, as its
read_group is: _text imports nothing of ours)."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import (
    checked_spec_file,
    output_not_written,
    refuse_engine_beside_db,
    typed_group,
)

BIG = 10**5000


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: checked_spec_file(BIG), "config"),
        (lambda: checked_spec_file(b"audit.yaml"), "config"),
        (lambda: output_not_written("r.html", BIG, "--html"), "exc"),
        (lambda: output_not_written("r.html", OSError("x"), BIG), "flag"),
        (lambda: refuse_engine_beside_db(BIG), "engine"),
        (lambda: refuse_engine_beside_db({"duckdb"}), "engine"),
    ],
)
def test_a_wrong_argument_is_refused_naming_it(call, name):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'") as info:
        call()
    assert "4300" not in str(info.value)


@pytest.mark.parametrize("in_merge", [False, True])
def test_a_group_past_the_digit_limit_is_refused_naming_it(in_merge):
    with pytest.raises(EthicLensInputError, match="argument 'name'") as info:
        typed_group(BIG, in_merge)
    assert "(5,001 digits)" in str(info.value) and "4300" not in str(info.value)
    assert typed_group(10**20, in_merge) == str(10**20)  # a shorter number: its whole text


def test_an_output_path_past_the_digit_limit_is_said_shortened():
    """``path`` is whatever the caller gave as the output (write_monitor_outputs(html_out=5)
    is refused as its own argument, round30): said shortened, never the int-to-text crash."""
    err = output_not_written(BIG, OSError("x"), "--html")
    assert "(5,001 digits) could not be written" in str(err) and "4300" not in str(err)


def test_right_arguments_answer_as_before():
    refuse_engine_beside_db("auto")
    with pytest.raises(EthicLensInputError, match="--engine duckdb reads files"):
        refuse_engine_beside_db("duckdb")
    err = output_not_written("r.html", OSError("disk full"), "--html")
    assert "r.html could not be written" in str(err)
    with pytest.raises(EthicLensInputError, match="must not be empty"):
        checked_spec_file(" ")
    assert typed_group(" a") == '" a"' and typed_group("a,b", True) == '"a,b"'
