"""Round 47 (web): a weight column the profile read in full whose largest weight the run
refuses (1e300: too large to square; 1e-200: too small; every weight 0) was taken by the
mapping form and failed only at run time ('the largest weight is 1e+300: too large to
square'). The form now refuses it by its weight field (422), in the run's words, with the
library's own check (``fairness.as_weights`` on the largest weight, as the database rule
checks its cells'); weights the run takes still run."""

from __future__ import annotations

import html
import re
from decimal import Decimal

import pytest

from tests.web.conftest import make_frame, mapping_form, upload

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


def _text(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _posted(client, weights: list[float]):
    frame = make_frame(n=60)
    frame["w"] = [weights[i % len(weights)] for i in range(len(frame))]
    url = upload(client, frame.to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    return url, client.post(url, data=mapping_form(page, weight="w", n_boot="200"))


@pytest.mark.parametrize(
    ("weights", "said"),
    [
        ([1e-300, 1, 1e300], "the largest weight is 1e+300: too large to square"),
        ([1e-250, 1e-200], "the largest weight is 1e-200: too small to square"),
        ([0, 0.0], "every weight is 0; nothing would be audited"),
    ],
)
def test_a_weight_the_run_refuses_is_refused_by_its_field(app, client, weights, said):
    url, r = _posted(client, weights)
    assert r.status_code == 422, r.status_code
    assert f'id="error-weight" role="alert">{said}' in r.text  # by the weight field
    assert '<select id="weight" name="weight" aria-invalid="true">' in r.text
    assert app.state.store.audit(url.split("/")[2])["status"] == "draft"  # nothing queued


def test_weights_the_run_takes_still_run(client):
    r = _posted(client, [1e-300, 1, 2])[1]
    assert r.status_code == 303, _text(r.text)[-400:]


@pytest.mark.parametrize(
    ("span", "refused"),
    [([0, 0], True), ([0, 10**400], False), (["0", "1"], False), ([0, float("nan")], False)]
    # review of 6519def4: a Decimal NaN (InvalidOperation) or a complex (TypeError) crashed
    + [
        ([Decimal(0), Decimal("NaN")], False),
        ([0, 1 + 2j], False),
        ([Decimal(0), Decimal(0)], True),
    ],
)
def test_a_profile_given_in_python_is_checked_without_a_crash(span, refused):
    """ethiclens.web.form_to_spec takes a profile built in Python: a range of 10**400 (no
    float: OverflowError), of text or NaN is left to the run, a column without 'numeric'
    read as not numeric (KeyError), never a crash."""
    from ethiclens.web._roles import _checked_weight_scale

    columns = [{"name": "w", "numeric": True, "range": span}, {"name": "x"}]
    errors: dict = {}
    _checked_weight_scale("w", {"whole_file": True, "columns": columns}, errors)
    _checked_weight_scale("x", {"whole_file": True, "columns": columns}, errors)
    assert ("weight" in errors) == refused
