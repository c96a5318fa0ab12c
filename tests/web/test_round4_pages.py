"""Round 4 of the testers' findings on the pages: every refusal shows its message (by its
field, or at the top of its form), nothing typed is cut or dropped silently, the history
pages past its newest 200, and the diff shows settings as typed with the spec's defaults."""

from __future__ import annotations

import html
import re

import pytest

from .conftest import csrf_of, make_app


def _errors(page: str) -> dict[str, str]:
    """{field: message} of the error paragraphs on a page."""
    found = re.findall(r'<p class="error" id="error-([^"]*)"[^>]*>([^<]*)<', page)
    return {name: html.unescape(text) for name, text in found}


def _post_benchmark(client, **fields):
    token = csrf_of(client.get("/").text)
    return client.post("/benchmark", data={"csrf": token, "dataset": "compas", **fields})


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("di_threshold", "2", "DI threshold: "),
        ("seed", "-3", "Seed: "),
        ("ci", "bootstrap", "Interval method: "),
        # round 49: the field's own check's words (was "'abc' is not a valid float")
        ("eo_threshold", "abc", "Equalized-odds threshold: must be a number strictly between 0"),
        ("confidence_level", "1.5", "Confidence level: "),
    ],
)
def test_a_benchmark_field_without_a_box_is_refused_at_the_top_of_its_form(
    client, field, value, said
):
    r = _post_benchmark(client, **{field: value})
    assert r.status_code == 422
    message = _errors(r.text)["benchmark"]
    assert message.startswith(said)
    assert len(message) > len(said) + 10  # the problem itself, not only the field's name


@pytest.mark.parametrize(
    ("dataset", "score", "said"),
    [
        ("compas", "weird", "must be one of model, decile"),
        ("german", "decile", "decile exists only for compas"),
    ],
)
def test_a_benchmark_score_it_cannot_take_is_refused_by_its_field(client, dataset, score, said):
    r = _post_benchmark(client, dataset=dataset, score=score)
    assert r.status_code == 422
    assert said in _errors(r.text)["score"]
    assert 'id="score-b" name="score"' in r.text  # the field is on the form


def test_a_database_form_on_a_server_without_databases_says_why(client):
    token = csrf_of(client.get("/").text)
    r = client.post("/database", data={"csrf": token, "db": "X", "table": "t"})
    assert r.status_code == 422
    assert "choose one of the databases" in _errors(r.text)["form"]


def test_an_error_of_a_field_the_page_lacks_goes_to_the_top_named_by_its_label():
    from ethiclens.web._roles import placed

    errors = {"y_true": "a", "score": "b", "form": "c", "prot_9": "d"}
    assert placed(errors, {"y_true", "form"}) == {
        "y_true": "a",
        "form": "Predictions audited: b; c; prot_9: d",
    }


def test_model_card_text_is_kept_whole_as_on_the_command_line():
    from ethiclens.web._roles import policy_from_form

    spec: dict = {"policy": {}, "model": {}}
    errors: dict = {}
    form = {"model_name": "x" * 300, "model_version": "v" * 300, "intended_use": "u" * 5000}
    policy_from_form(form, spec, errors)
    assert not errors
    assert spec["model"] == {"name": "x" * 300, "version": "v" * 300, "intended_use": "u" * 5000}


def test_the_history_pages_past_its_newest_200(tmp_path):
    from starlette.testclient import TestClient

    app = make_app(tmp_path)
    with TestClient(app, follow_redirects=False) as client:
        store = app.state.web.store
        for _ in range(205):
            audit_id = store.new_request(None, {"target": {"dataset": "compas"}}, "audit")
            store.fail(audit_id, {"problem": "stopped", "column": None, "fix": ""})
        first = client.get("/history").text
        second = client.get("/history?page=2").text
        beyond = client.get("/history?page=99").text
    assert first.count('<tr><td><a href="/audits/') == 200
    assert "the 200 most recent of 205 audits" in first
    assert 'href="/history?page=2"' in first
    assert second.count('<tr><td><a href="/audits/') == 5
    assert "numbers 201 to 205 (newest first) of 205 audits" in second
    assert 'href="/history?page=1"' in second
    assert beyond.count('<tr><td><a href="/audits/') == 5  # past the last: the last page


def test_the_diff_shows_settings_as_typed_with_the_spec_defaults():
    from ethiclens.web._routes_history import _spec_changes

    roles = {"y_true": "y", "y_pred": ["p"], "protected": ["âge"]}
    old = {"target": {"dataset": "compas"}, "roles": roles, "policy": {}}
    new = {
        "target": {"dataset": "compas"},
        "roles": roles,
        "groups": {"bins": {"âge": [0, 30, 50, 100]}},
        "policy": {"eo_threshold": 0.2},
    }
    changes = dict((key, (a, b)) for key, a, b in _spec_changes(old, new))
    assert changes["policy.eo_threshold"] == ("0.1", "0.2")  # the gate's "0.1 -> 0.2"
    assert changes["groups.bins"] == ("{}", '{"âge": [0, 30, 50, 100]}')
