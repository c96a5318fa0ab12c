"""Round 47 (second-wave hunt): a reference group the Leave-out box takes away (reference
' d', Leave out grp=" d") was taken by the mapping form (303) and refused only when the audit
ran ('Leave groups out: the reference group ' d' of grp is excluded'); the form now refuses it
at once, by the Leave-out box, in the run's own words (spec.edited_reference)."""

from __future__ import annotations

import pytest

from ethiclens.web._roles import FormErrors, form_to_spec

_PROFILE = {
    "columns": [{"name": n, "numeric": True, "distinct": 2, "values": [0, 1]} for n in "yp"]
    + [{"name": "grp", "numeric": False, "distinct": 3, "values": [" d", "a,b", "c"]}],
    "whole_file": False,  # the names are the form's own: any profile
}
FORM = {"y_true": "y", "y_pred": "p", "protected_list": ["2"]}


@pytest.mark.parametrize(("ref", "exclude"), [("' d'", 'grp=" d"'), ("a,b", 'grp="a,b"')])
def test_an_excluded_reference_is_refused_by_the_leave_out_box(ref, exclude):
    with pytest.raises(FormErrors) as caught:
        form_to_spec({**FORM, "ref_2": ref, "exclude": exclude}, _PROFILE, {"file": "x.csv"})
    assert caught.value.errors["exclude"].startswith(
        f"the reference group {ref.strip(chr(39))!r} of grp is excluded. Fix: keep it"
    )


def test_a_kept_or_merged_reference_passes():
    merged = {**FORM, "ref_2": "c", "merge": 'grp=c,"a,b":m', "exclude": 'grp=" d"'}
    spec, _ = form_to_spec(merged, _PROFILE, {"file": "x.csv"})
    assert spec["roles"]["protected"] == {"grp": "c"}
    form_to_spec({**FORM, "exclude": 'grp=" d"'}, _PROFILE, {"file": "x.csv"})  # default ref
