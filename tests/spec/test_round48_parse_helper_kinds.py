"""API battery (spec's exported parsers): recorded_request, refuse_blank_columns, unquoted,
read_group, split_outside_brackets, attribute_names and merge_parts given None, bytes or
10**5000 (a set where an order or text is read) crashed with Python's TypeError or
AttributeError, or read bytes as text; each refuses naming the argument."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import (
    attribute_names,
    merge_parts,
    read_group,
    recorded_request,
    refuse_blank_columns,
    resolved_edits,
    split_outside_brackets,
    unquoted,
)

BAD = [None, b"x", 10**5000]
CALLS = [
    (recorded_request, "spec"),
    (refuse_blank_columns, "cols"),
    (unquoted, "name"),
    (read_group, "text"),
    (split_outside_brackets, "text"),
    (attribute_names, "protected"),
    (merge_parts, "rest"),
    (lambda v: resolved_edits(v, ["g"]), "groups"),
]


@pytest.mark.parametrize("value", [*BAD, {"a"}], ids=["none", "bytes", "big", "set"])
@pytest.mark.parametrize("fn, name", CALLS)
def test_a_wrong_kind_is_refused_naming_the_argument(fn, name, value):
    if isinstance(value, set) and fn in (refuse_blank_columns, attribute_names):
        return  # a set of names is items to read: no order is asked
    with pytest.raises(EthicLensInputError, match=f"argument '{name}'"):
        fn(value)


def test_right_kinds_answer_as_before():
    assert recorded_request({"outputs": {}, "a": 1}) == {"a": 1}
    refuse_blank_columns(["a", 0])  # a frame's column 0 is no blank name
    with pytest.raises(EthicLensInputError, match="prints as nothing"):
        refuse_blank_columns({" "})
    assert unquoted(' " F" ') == " F" and read_group('"a\\"b"') == 'a"b'
    assert split_outside_brackets("[0, 30),b") == ["[0, 30)", "b"]
    assert attribute_names(("a=b",)) == {"a", "a=b"}
    assert merge_parts('a,b:"n: e"') == ("a,b", ":", '"n: e"')
