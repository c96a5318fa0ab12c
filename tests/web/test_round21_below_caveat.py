"""Round 21: the web app's audit page (an audit's, and its threshold view's) says what the
one-sided DI rule 'below' misses under a harmful label, as every report does (ADR 0008), escaped
as all its text; never under a favourable label or the two-sided rule."""

from __future__ import annotations

import html
import re

import pytest

from tests.web.conftest import csrf_of, make_frame, mapping_form, upload, wait_done

CAVEAT = "never one given it more often"


def _text(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def _done(client, **fields) -> tuple[str, str]:
    """(the audit's URL, its finished page) of an audit of ``make_frame``'s predictions."""
    frame = make_frame(n=1500)
    r = upload(client, frame.to_csv(index=False).encode())
    url = r.headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", n_boot="200", **fields)
    form.update(y_true="label", y_pred="pred", y_score="score")
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-800:]
    url = r.headers["location"]
    return url, wait_done(client, url).text


def _view(client, url: str, done: str) -> str:
    """The finished page of the audit's threshold view (its threshold found from the rows)."""
    rev = re.search(r'name="rev" value="(\d+)"', done)[1]
    form = {"csrf": csrf_of(done), "rev": rev, "threshold": ""}
    r = client.post(url + "/thresholds", data=form)
    assert r.status_code == 303, _text(r.text)[-800:]
    return wait_done(client, r.headers["location"]).text


def test_a_harmful_label_under_the_one_sided_rule_is_said_on_the_audit_page(client):
    url, done = _done(client, positive="harmful", di_rule="below")
    assert 'id="caveat"' in done
    assert CAVEAT in _text(done)
    assert "rule &#39;below&#39;" in done  # escaped as all the page's text
    view = _view(client, url, done)
    assert 'id="caveat"' in view and CAVEAT in _text(view)
    report = re.search(r'src="(/audits/[^"]+/report)"', view)[1]  # the view's HTML report
    assert CAVEAT in _text(client.get(report).text)


@pytest.mark.parametrize(
    "fields", [{"positive": "favorable", "di_rule": "below"}, {"positive": "harmful"}]
)
def test_no_caveat_for_a_favourable_label_or_the_two_sided_rule(client, fields):
    url, done = _done(client, **fields)
    assert "verdict" in done and 'id="caveat"' not in done
    assert CAVEAT not in _text(done)
    view = _view(client, url, done)
    assert 'id="caveat"' not in view and CAVEAT not in _text(view)


def test_a_comparison_reads_its_label_from_its_audits():
    from ethiclens.web._routes_audit import _below_caveat

    policy = {"di_threshold": 0.8, "eo_threshold": 0.1, "di_rule": "below"}
    for favorable, said in ((False, True), (True, False)):
        audits = {"a": {"config": {"positive_is_favorable": favorable}}}
        result = {"config": {"policy": policy}, "audits": audits}
        assert (CAVEAT in _below_caveat(result, "compare")) is said
    assert _below_caveat({"config": {"policy": policy}}, "thresholds") == ""  # recorded before
