"""The mapping form refuses at submit (422, the field named) what the command line refuses
before reading the data, in the CLI's words; nothing is queued for a request that would fail."""

from __future__ import annotations

import html
import re
import sqlite3

import pytest

from ethiclens.web._roles import FormErrors, form_to_spec

from .conftest import mapping_form, upload


@pytest.fixture
def mapping_page(client, csv_bytes):
    url = upload(client, csv_bytes).headers["location"]
    return url, client.get(url).text


def _errors(page: str) -> dict:
    return {f: html.unescape(m) for f, m in re.findall(r'id="error-([^"]*)"[^>]*>([^<]*)<', page)}


def _queued(app) -> int:
    db = sqlite3.connect(app.state.store.path)
    return db.execute("SELECT COUNT(*) FROM audits WHERE status != 'draft'").fetchone()[0]


@pytest.mark.parametrize(
    ("edges", "value"),
    [
        ("18,,90", "['18', '', '90']"),
        ("18,5_0,90", "['18', '5_0', '90']"),
        (" , ", "['', '']"),
        ("age=18,90", "['age=18', '90']"),
    ],
)
def test_bin_edges_the_cli_refuses_are_refused_at_the_form(app, client, mapping_page, edges, value):
    url, page = mapping_page
    form = mapping_form(page, protected=["3", "4"], n_boot="200", bins_4=edges)  # group, age
    r = client.post(url, data=form)
    assert r.status_code == 422
    # the CLI's words, its value too (round 27)
    shown = f"bin edges must be numbers (value: {value}). Fix: e.g. 0,25,45,65,120"
    assert _errors(r.text) == {"bins_4": shown}
    assert _queued(app) == 0


def test_the_edges_are_read_as_bins_reads_them():
    prof = {
        "columns": [
            {"name": n, "numeric": True, "distinct": 2, "values": [0, 1]} for n in ("y", "p")
        ]
        + [{"name": "a=ge", "numeric": True, "distinct": 70, "values": []}],
        "whole_file": True,
    }
    form = {"y_true": "y", "y_pred": "p", "protected_list": ["2"], "bins_2": "0, 50,120"}
    spec, _ = form_to_spec(form, prof, {"file": "x.csv"})
    assert spec["groups"]["bins"] == {"a=ge": [0, 50, 120]}
    with pytest.raises(FormErrors) as caught:
        form_to_spec({**form, "bins_2": "0,,120"}, prof, {"file": "x.csv"})
    assert caught.value.errors == {
        "bins_2": "bin edges must be numbers (value: ['0', '', '120']). Fix: e.g. 0,25,45,65,120"
    }


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("n_boot", "1e3", "must be a whole number, written without an exponent (value: '1e3')"),
        ("seed", "5.0", "must be a whole number, written without a decimal point (value: '5.0')"),
        # round 49: the field's own check's words and range (as --seed 5.5, seed: "5.5")
        ("seed", "5.5", "must be a non-negative integer, from 0 to 4,294,967,295 (value: '5.5')"),
        (
            "di_threshold",
            "abc",
            "must be a number from 0.01 up to (not including) 1 (value: 'abc')",
        ),
        (
            "min_group_size",
            "5.0",
            "must be a whole number, written without a decimal point (value: '5.0'). Fix: give 5",
        ),
        ("di_threshold", "nan", "must be a number from 0.01 up to (not including) 1"),
    ],
)
def test_other_fields_are_refused_in_the_cli_s_words(
    app, client, mapping_page, field, value, message
):
    url, page = mapping_page
    r = client.post(url, data=mapping_form(page, **{"n_boot": "200", field: value}))
    assert r.status_code == 422
    assert _errors(r.text)[field].startswith(message)
    assert _queued(app) == 0
