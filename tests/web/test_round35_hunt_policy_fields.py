"""Round 35 hunt (web): the mapping form's number fields say each field's own example, and a
run's refusal naming a setting by the library's keyword (confidence_level, n_boot) is placed
on that setting's field.

Before: a mistyped confidence level ('95%') was told 'give a number (e.g. 0.5)', a value the
field refuses (the command line says 'e.g. 0.95 (the default) or 0.99'); and a run refused for
too few draws for its level ('confidence_level: a 99.9% interval needs at least 1,000 draws')
was drawn at the top of the reopened form and named 'confidence_level' on the failed page."""

from __future__ import annotations

import html
import re

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.spec import field_fix
from ethiclens.web._roles import POLICY_FIELDS, field_of, policy_from_form

from .conftest import csrf_of, make_frame, mapping_form, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

FLOATS = [name for name, kind in POLICY_FIELDS if kind is float]


@pytest.mark.parametrize("name", FLOATS)
def test_a_mistyped_number_field_gives_its_own_example(name, capsys):
    from ethiclens.cli import main

    errors: dict = {}
    policy_from_form({name: "95%"}, {"policy": {}, "model": {}}, errors)
    fix = field_fix(f"policy.{name}")  # round 49: the field's own check's words and fix
    assert errors[name].endswith(f" (value: '95%'). Fix: {fix}"), errors
    assert errors[name].startswith("must be a number "), errors
    # the command line's words for the same text (click refuses it before the file is read)
    flag = "--" + name.replace("_", "-")
    assert main(["audit", "absent.csv", "--y-true", "y", "--y-pred", "p", flag, "95%"]) == 2
    assert capsys.readouterr().err.strip().endswith(f"Fix: {fix}")
    if name == "confidence_level":  # 0.5 is no confidence level
        assert "0.95" in errors[name] and "0.5)" not in errors[name]


@pytest.mark.parametrize(
    ("keyword", "field"),
    [
        ("confidence_level", "confidence_level"),
        ("n_boot", "n_boot"),
        ("random_state", "seed"),
        ("min_label_count", "min_labels"),
        ("di_threshold", "di_threshold"),
    ],
)
def test_a_library_keyword_is_placed_on_its_field(keyword, field):
    exc = EthicLensInputError("is refused", column=keyword, value=1)
    assert field_of(exc, ["y", "p", "g"]) == field


def test_a_data_column_named_like_a_keyword_stays_the_columns():
    exc = EthicLensInputError("has a single group", column="seed")
    spec = {"roles": {"y_true": "y", "y_pred": ["p"], "protected": {"seed": None}}}
    assert field_of(exc, ["y", "p", "seed"], spec) == "prot_2"


def test_too_few_draws_for_the_level_is_on_the_confidence_level_field(client):
    # refused when the form is sent (round 36: before, the audit was queued and failed)
    csv = make_frame(400).to_csv(index=False).encode()
    url = upload(client, csv).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"])
    r = client.post(url, data={**form, "confidence_level": "0.999", "n_boot": "100"})
    assert r.status_code == 422 and "location" not in r.headers
    shown = dict(re.findall(r'<p class="error" id="error-([^"]+)"[^>]*>(.*?)</p>', r.text))
    assert list(shown) == ["confidence_level"], shown
    assert "needs at least 1,000 draws" in html.unescape(shown["confidence_level"])


LONG = "9" * 400  # past a double's range: float() of it overflowed (an HTTP 500)


@pytest.mark.parametrize("field", ["seed", "n_boot", "min_group_size"])
def test_a_whole_number_past_a_doubles_range_is_refused_by_its_field(client, field):
    token = csrf_of(client.get("/").text)
    r = client.post("/benchmark", data={"csrf": token, "dataset": "compas", field: LONG})
    assert r.status_code == 422
    assert "(value: 999999999999…999999 (400 digits))" in html.unescape(r.text)


def test_a_positive_label_value_past_a_doubles_range_is_refused_by_its_field(client):
    rows = "".join(f"{i % 2},{i // 2 % 2},{'ab'[i % 3 > 0]}\n" for i in range(12))
    url = upload(client, ("y,p,g\n" + rows).encode()).headers["location"]
    form = mapping_form(client.get(url).text, y_pred="p", protected=["2"], pos_label=LONG)
    r = client.post(url, data=form)
    assert r.status_code == 422
    shown = dict(re.findall(r'<p class="error" id="error-([^"]+)"[^>]*>(.*?)</p>', r.text))
    assert "(400 digits)" in html.unescape(shown["pos_label"])


@pytest.mark.parametrize("name", ["race/ethnicity", "income [USD]"])
def test_a_column_named_with_a_slash_or_bracket_keeps_its_field(name):
    spec = {"roles": {"y_true": "y", "y_pred": ["p"], "weight": f"w {name}"}}
    columns = ["y", "p", name, f"w {name}"]
    assert field_of(EthicLensInputError("has missing values", column=name), columns) == "prot_2"
    weight = EthicLensInputError("must be finite", column=f"w {name}")
    assert field_of(weight, columns, spec) == "weight"


def test_a_failed_runs_attribute_with_a_slash_is_on_its_row_again(client):
    rows = "".join(f"{i % 2},{i // 2 % 2},{'' if i == 5 else 'ab'[i % 3 > 0]}\n" for i in range(40))
    url = upload(client, ("y,p,race/ethnicity\n" + rows).encode()).headers["location"]
    r = client.post(url, data=mapping_form(client.get(url).text, y_pred="p", protected=["2"]))
    done = wait_done(client, r.headers["location"])
    again = client.post(r.headers["location"] + "/reopen", data={"csrf": csrf_of(done.text)})
    page = client.get(again.headers["location"])
    shown = dict(re.findall(r'<p class="error" id="error-([^"]+)"[^>]*>(.*?)</p>', page.text))
    assert list(shown) == ["prot_2"] and "missing group value" in shown["prot_2"], shown
