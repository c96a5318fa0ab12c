"""API battery (spec's parsers' optional arguments, round 48; siblings of the spec 10**5000
commit): parse_bins / parse_excludes / parse_merges / edit_attribute(attributes=10**5000 or
bytes), parse_protected(columns=10**5000) and refuse_engine_beside_db(flag=10**5000) crashed
with Python's TypeError ('not iterable', 'a bytes-like object is required') or its int-to-text
error; each refuses naming the argument. Lists, sets and None answer as before."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import (
    edit_attribute,
    parse_bins,
    parse_excludes,
    parse_merges,
    parse_protected,
    refuse_engine_beside_db,
)

BIG = 10**5000


@pytest.mark.parametrize("bad", [BIG, b"g"], ids=["big", "bytes"])
@pytest.mark.parametrize(
    "call, name",
    [
        (lambda bad: parse_bins(["g=0,1"], attributes=bad), "attributes"),
        (lambda bad: parse_excludes(["g=a"], attributes=bad), "attributes"),
        (lambda bad: parse_merges(["g=a,b:ab"], attributes=bad), "attributes"),
        (lambda bad: edit_attribute("g=a", attributes=bad), "attributes"),
        (lambda bad: parse_protected(["g"], columns=bad), "columns"),
        (lambda bad: refuse_engine_beside_db("duckdb", flag=bad), "flag"),
    ],
)
def test_a_wrong_kind_is_refused_naming_the_argument(call, name, bad):
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'") as info:
        call(bad)
    assert "4300" not in str(info.value)


def test_lists_sets_and_none_answer_as_before():
    assert parse_excludes(["g=a"], attributes=["g"]) == parse_excludes(["g=a"]) == {"g": ["a"]}
    assert parse_merges(["g=a,b:ab"], attributes={"g"}) == {"g": {"ab": ["a", "b"]}}
    assert edit_attribute("g=a", attributes=["g"])[1] == "g"
    assert parse_protected(["g"], columns=["g"])[0] == ["g"]
    with pytest.raises(EthicLensInputError, match="with --db-env the database counts"):
        refuse_engine_beside_db("duckdb", flag="--db-env")
