"""Round 47 (second-wave hunt): a protected column whose groups hold a password
('password=hunter2') was taken by the mapping form (303) and refused only when the audit ran
(a failed audit: 'grp: 1 group value(s) hold a password ...'), though the form refuses the
same column at once when a Merge or Leave-out box names it: the form now makes the run's own
password check (``_checks.check_label_lengths``) on the values the profile saw in full, by the
column's row."""

from __future__ import annotations

import pytest

from ethiclens.web._roles import FormErrors, form_to_spec


def _profile(groups: list[str]) -> dict:
    columns = [{"name": n, "numeric": True, "distinct": 2, "values": [0, 1]} for n in "yp"]
    columns += [{"name": "grp", "numeric": False, "distinct": len(groups), "values": groups}]
    return {"columns": columns, "whole_file": True}


FORM = {"y_true": "y", "y_pred": "p", "protected_list": ["2"]}


@pytest.mark.parametrize("secret", ["password=hunter2", "postgresql://u:hunter2@h/db"])
def test_a_group_the_run_refuses_is_refused_by_its_row(secret):
    with pytest.raises(FormErrors) as caught:
        form_to_spec(FORM, _profile(["a", secret]), {"file": "x.csv"})
    said = caught.value.errors["prot_2"]
    assert "group value(s) hold a password" in said and "hunter2" not in said


def test_plain_groups_and_a_first_rows_profile_pass():
    # a label too long: the run's, which names its whole length (the profile holds its start)
    spec, _ = form_to_spec(FORM, _profile([" d", "e ", "?", "Z" * 257]), {"file": "x.csv"})
    assert spec["roles"]["protected"] == {"grp": None}
    partial = _profile(["a", "password=hunter2"]) | {"whole_file": False}
    form_to_spec(FORM, partial, {"file": "x.csv"})  # the run's to refuse, by its rows
