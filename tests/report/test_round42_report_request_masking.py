"""Round 42: the run record's request (HTML report, model card) was masked as one text, so a
protected column named like a secret key kept no reference (``api_token=a`` shown as
``api_token=***``) and, in the request's JSON form, the bins of a column ``password`` lost
their edges (``"password": '***', 40]``): the request the page says to save and re-run no
longer re-ran. Each text is masked alone now; a password in a group is still masked."""

from __future__ import annotations

import json

import numpy as np
import yaml

import ethiclens
from ethiclens.report import render_model_card
from ethiclens.report._audit_report import _request_text

URL = "postgresql://u:hunter2@h/db"


def _spec(odd=""):
    return {
        "target": {"path": f"data{odd}.csv"},
        "roles": {"y_true": "label", "protected": ["api_token=a", f"g={URL}", "password"]},
        "groups": {"bins": {"password": [18, 40, 80]}, "merge": {"api_token": {"bc": ["b", URL]}}},
    }


def test_the_yaml_request_keeps_the_columns_named_like_secrets():
    text = _request_text(_spec())
    back = yaml.safe_load(text)
    assert back["roles"]["protected"] == ["api_token=a", "g=postgresql://u:***@h/db", "password"]
    assert back["groups"]["bins"] == {"password": [18, 40, 80]}
    assert back["groups"]["merge"] == {"api_token": {"bc": ["b", "postgresql://u:***@h/db"]}}
    assert "hunter2" not in text


def test_the_json_request_keeps_the_bins_of_a_column_named_password():
    text = _request_text(_spec("\u200b"))  # a zero-width space: the request is written as JSON
    back = json.loads(text)
    assert back["groups"]["bins"] == {"password": [18, 40, 80]}
    assert back["roles"]["protected"][0] == "api_token=a" and "hunter2" not in text


def test_the_model_cards_request_reruns():
    rng = np.random.default_rng(0)
    g = rng.choice(["a", "b"], 200)
    result = ethiclens.audit(
        rng.integers(0, 2, 200),
        rng.integers(0, 2, 200),
        sensitive_features={"api_token": g},
        n_boot=100,
    )
    result.run = {"engine": "pandas", "spec": _spec()}
    card = render_model_card(result)
    request = card[card.index("```yaml") + 7 : card.rindex("```")]
    assert yaml.safe_load(request)["roles"]["protected"][0] == "api_token=a"
    assert "hunter2" not in card
