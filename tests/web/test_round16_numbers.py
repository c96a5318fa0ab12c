"""Round 16: the form reads a number as the command line does (ASCII digits, a sign, a decimal
point, an exponent). int()/float() also read "0_8" as 8 and "٣" as 3: the draws "1_000" were
taken as 1000 and a reference group "1_0" as the group 10."""

from __future__ import annotations

import html
import re
import sqlite3

import pytest

from ethiclens.spec import field_fix
from ethiclens.web._roles import FormErrors, form_to_spec

from .conftest import mapping_form, upload

# round 49: the field's own check's words and range, as the CLI's flag and a config's key say
# them (was "'1_000' is not a valid integer. Fix: give a whole number (digits only, ...)")
OWN = {
    "n_boot": "must be a whole number (an integer) of interval draws, from 100 to 1,000,000",
    "seed": "must be a non-negative integer, from 0 to 4,294,967,295",
    "di_threshold": "must be a number from 0.01 up to (not including) 1",
    "eo_threshold": "must be a number strictly between 0 and 1",
    "confidence_level": "must be a number strictly between 0.5 and 1",
}


def _errors(page: str) -> dict:
    return {f: html.unescape(m) for f, m in re.findall(r'id="error-([^"]*)"[^>]*>([^<]*)<', page)}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("n_boot", "1_000"),
        ("seed", "1_0"),
        ("seed", "٣"),
        ("di_threshold", "0_8"),
        ("eo_threshold", "０.1"),
        ("confidence_level", "0.9_5"),
    ],
)
def test_a_policy_number_python_would_misread_is_refused_by_its_field(
    app, client, csv_bytes, field, value
):
    url = upload(client, csv_bytes).headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, **{"n_boot": "200", field: value}))
    assert r.status_code == 422
    fix = field_fix(f"policy.{field}")
    assert _errors(r.text)[field] == f"{OWN[field]} (value: {value!r}). Fix: {fix}"
    db = sqlite3.connect(app.state.store.path)
    assert db.execute("SELECT COUNT(*) FROM audits WHERE status != 'draft'").fetchone()[0] == 0


PROFILE = {
    "columns": [{"name": n, "numeric": True, "distinct": 2, "values": [0, 1]} for n in ("y", "p")]
    + [{"name": "g", "numeric": True, "distinct": 3, "values": [3, 10, 20]}],
    "whole_file": True,
}
FORM = {"y_true": "y", "y_pred": "p", "protected_list": ["2"]}


@pytest.mark.parametrize("ref", ["1_0", "٣", "１0"])
def test_a_reference_group_is_not_a_misread_number(ref):
    with pytest.raises(FormErrors) as caught:
        form_to_spec({**FORM, "ref_2": ref}, PROFILE, {"file": "x.csv"})
    assert caught.value.errors["ref_2"].startswith(
        f"unknown reference group of 'g' (value: {ref!r})"
    )
    spec, _ = form_to_spec({**FORM, "ref_2": "1e1"}, PROFILE, {"file": "x.csv"})
    assert spec["roles"]["protected"] == {"g": "1e1"}  # the number 10, as typed


@pytest.mark.parametrize(("typed", "read"), [("1_0", "1_0"), ("٣", "٣"), ("1.0", 1), ("2.5", 2.5)])
def test_a_positive_label_is_a_number_only_when_typed_as_one(typed, read):
    # a sample's profile: the form cannot refuse a label the columns lack (test_round21_*)
    sample = {**PROFILE, "whole_file": False}
    spec, _ = form_to_spec({**FORM, "pos_label": typed}, sample, {"file": "x.csv"})
    assert spec["roles"]["pos_label"] == read


def test_a_floor_python_would_misread_is_kept_as_typed_for_the_spec_to_refuse():
    spec, _ = form_to_spec({**FORM, "min_group_size": "1_0"}, PROFILE, {"file": "x.csv"})
    assert spec["policy"]["min_group_size"] == "1_0"
