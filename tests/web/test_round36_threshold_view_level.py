"""Round 36: a threshold view made from an audit at a level the audit's 2,000 default draws
reach (99.95%) but the view's 1,000 do not is refused when its form is sent (HTTP 422, the
level's words), no view queued; before, it was queued and failed once the rows were read."""

from __future__ import annotations

import html

from tests.web.conftest import mapping_form, upload, wait_done
from tests.web.test_round14_thresholds import _frame_at, _text, _view_form


def test_a_level_the_views_draws_cannot_reach_is_refused_when_the_form_is_sent(client, app):
    url = upload(client, _frame_at(0.7).to_csv(index=False).encode()).headers["location"]
    form = mapping_form(client.get(url).text, protected=["3"], bins_4="", y_pred="pred_b",
                        y_score="score", n_boot="", confidence_level="0.9995")  # fmt: skip
    url = client.post(url, data=form).headers["location"]
    done = wait_done(client, url).text
    r = client.post(url + "/thresholds", data=_view_form(done))
    assert r.status_code == 422 and "location" not in r.headers, _text(r.text)[-600:]
    said = html.unescape(_text(r.text))
    words = "confidence level, at the view's draws: a 99.95% interval needs at least 2,000 draws"
    assert words in said.lower(), said[-600:]
    assert "use at least 2,000 interval draws, or a level of at most 0.999" in said, said[-600:]
    assert sum(app.state.store.counts().values()) == 1  # the audit only: no view queued
