"""Exported parsers of flag values (the spec's parse_protected/_excludes/_merges/_bins/
_intersections, P2NIA's parse_bins, the probes' load_entry_point) crashed on a value of the
wrong type (None, a set, a number, bytes) with AttributeError/TypeError, and read one text
letter by letter (parse_protected('sex') was the columns s, e, x). Each now refuses in one
line naming its flag; one text is one item."""

import pytest

from ethiclens import p2nia, probes, spec
from ethiclens.errors import EthicLensInputError

PARSERS = [
    (spec.parse_protected, "--protected"),
    (spec.parse_excludes, "--exclude-group"),
    (spec.parse_merges, "--merge-groups"),
    (spec.parse_bins, "--bins"),
    (spec.parse_intersections, "--intersections"),
    (p2nia.parse_bins, "--bins"),
    (probes.load_entry_point, "--model"),
]


@pytest.mark.parametrize("bad", [None, {1, 2}, {"a=b"}, 5, b"age=0,1", ["age=0,1", 3]])
@pytest.mark.parametrize(("parse", "flag"), PARSERS)
def test_wrong_type_refused_naming_the_flag(parse, flag, bad):
    if parse is probes.load_entry_point and isinstance(bad, list):
        bad = ["m:f"]  # one text is asked there, never a list
    with pytest.raises(EthicLensInputError) as info:
        parse(bad)
    assert f"option {flag!r}: must be text" in str(info.value)


def test_one_text_is_one_item():
    assert spec.parse_protected("sex=F") == (["sex"], {"sex": "F"})
    assert spec.parse_bins("age=0,10") == {"age": ["0", "10"]}
    assert spec.parse_excludes("race=Asian") == {"race": ["Asian"]}
    assert spec.parse_intersections("race,sex") == [["race", "sex"]]
    assert p2nia.parse_bins("age=0,10") == {"age": [0.0, 10.0]}


@pytest.mark.parametrize("call", [spec.load_target, spec.loaded_target, spec.check_output_paths])
@pytest.mark.parametrize("bad", [None, {"target": {"file": "d.csv"}}, 5])
def test_what_is_no_spec_is_refused_by_its_argument(call, bad):
    with pytest.raises(EthicLensInputError, match=r"^argument 'spec': must be an AuditSpec, not "):
        call(bad)
