"""Round 40 (web3): the audit page's plain-language lines, a comparison's lines and the diff
page's gate lines and settings masked each library sentence WHOLE, so a group named
'password=' ate EthicLens's words after it: 'password= *** the favourable label' ('receives'
eaten), 'group:password=: verdict ***' on the diff. Each user name is masked alone now (as the
reports do, ``report.masked_sentence``); a password in a name is still never shown."""

from __future__ import annotations

import json
import sqlite3

import pytest

from ethiclens.web._routes_audit import _compare_lines, _plain_lines

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

FLAGGED = {
    "attribute": "group",
    "group": "password=",
    "reference": "A",
    "status": "FLAGGED",
    "flag_reason": "password= receives the favourable label less often than A",
    "metrics": {},
}


def test_a_reason_keeps_the_words_after_a_group_named_password():
    (line,) = _plain_lines({"comparisons": [FLAGGED]}, "audit")
    assert "password= receives the favourable label less often than A" in line["text"]
    secret = {**FLAGGED, "group": "postgresql://u:secretpw@h/db"}
    secret["flag_reason"] = secret["flag_reason"].replace("password=", secret["group"])
    (line,) = _plain_lines({"comparisons": [secret]}, "audit")
    assert "postgresql://u:***@h/db receives the favourable" in line["text"]
    assert "secretpw" not in line["text"]


def test_a_comparison_of_two_models_keeps_the_words_too():
    verdict = {"attribute": "group", "group": "password=", "reference": "A"}
    verdict.update(status_a="FLAGGED", status_b="FLAGGED", changed=False)
    result = {
        "models": {"a": "m1", "b": "m2"},
        "audits": {"a": {"comparisons": [FLAGGED]}, "b": {"comparisons": [FLAGGED]}},
        "verdicts": [verdict],
    }
    (line,) = _compare_lines(result)
    assert line["text"].count("password= receives the favourable label") == 2


INSIDE = {"disparate_impact": (0.95, 1.05), "equalized_odds_difference": (0.0, 0.05)}


def _edited(app, audit_id: str, status: str) -> None:
    with sqlite3.connect(app.state.store.path) as db:
        db.execute(
            "UPDATE audits SET result = replace(result, '\"B\"', '\"password=\"'),"
            " spec = replace(spec, '\"B\"', '\"password=\"') WHERE id = ?",
            (audit_id,),
        )
        (result,) = db.execute("SELECT result FROM audits WHERE id = ?", (audit_id,)).fetchone()
        result = json.loads(result)
        if status == "PASS":  # a run whose intervals lay inside the policy's limits
            for c in result["comparisons"]:
                c["status"] = status
                c["flag_reason"] = None
                for key, (low, high) in INSIDE.items():
                    c["metrics"][key].update(status=status, value=low, ci_low=low, ci_high=high)
        (spec,) = db.execute("SELECT spec FROM audits WHERE id = ?", (audit_id,)).fetchone()
        spec = json.loads(spec)
        spec["policy"] = {**(spec.get("policy") or {}), "reference": {"group": "password="}}
        if status == "PASS":
            spec["merge"] = {"group": {"password=": ["password="]}}
        db.execute(
            "UPDATE audits SET result = ?, spec = ? WHERE id = ?",
            (json.dumps(result), json.dumps(spec), audit_id),
        )


def test_the_diff_keeps_the_gates_words_after_a_group_named_password(app, client, two_audits):
    new, old = two_audits
    _edited(app, old, "PASS")
    _edited(app, new, "FLAGGED")
    page = client.get(f"/diff?a={old}&b={new}").text
    assert "<li>group:password=: verdict PASS -&gt; FLAGGED</li>" in page
    assert "<td>{&#34;group&#34;: {&#34;password=&#34;: [&#34;password=&#34;]}}</td>" in page
    back = client.get(f"/diff?a={new}&b={old}").text  # the other way: an improvement
    assert "<li>group:password=: verdict FLAGGED -&gt; PASS (better)</li>" in back
    assert "password= ***" not in page + back
    assert "password=***" not in page + back


def test_the_gates_refusal_keeps_its_words_too(app, client, two_audits):
    """A baseline the gate refuses names its comparison: '(group:password= vs A)'."""
    new, old = two_audits
    _edited(app, old, "FLAGGED")
    with sqlite3.connect(app.state.store.path) as db:  # a verdict its interval does not give
        db.execute(
            "UPDATE audits SET result = json_set(result, '$.comparisons[0].metrics"
            ".disparate_impact.status', 'PASS') WHERE id = ?",
            (old,),
        )
    page = client.get(f"/diff?a={old}&b={new}").text
    assert "is PASS (group:password= vs A), but its interval" in page
    assert "password= ***" not in page


def test_the_audit_page_keeps_the_words_after_a_group_named_password(app, client, two_audits):
    audit_id, _ = two_audits
    with sqlite3.connect(app.state.store.path) as db:
        for old, new in (('"B"', '"password="'), ("B receives", "password= receives")):
            db.execute(
                "UPDATE audits SET result = replace(result, ?, ?) WHERE id = ?",
                (old, new, audit_id),
            )
    page = client.get(f"/audits/{audit_id}").text
    assert "password= receives the favourable label less often than A" in page
    assert "password= ***" not in page
