"""Round 46 (holdout data): labels written as the Adult test set writes them ('>50K.') beside
predictions without the dot ('>50K'), Positive label value '>50K'. The mapping form took them
and queued the audit, which then failed ('the columns write the positive label differently'),
where the command line refuses them before any run. The form now refuses them by the Positive
label field in the run's words; nothing is queued. A model that selected no one (predictions
all '<=50K' beside labels of both values) is still taken."""

import html
import re

import pandas as pd

from tests.web.conftest import mapping_form, upload

N = 300


def _csv(pred, dot=".") -> bytes:
    frame = pd.DataFrame(
        {
            "income": [f">50K{dot}", f"<=50K{dot}", f"<=50K{dot}"] * (N // 3),
            "pred": pred,
            "race": ["a", "b"] * (N // 2),
        }
    )
    return frame.to_csv(index=False).encode()


def _post(client, content: bytes):
    url = upload(client, content).headers["location"]
    form = mapping_form(client.get(url).text, y_true="income", y_pred="pred", pos_label=">50K")
    form["protected"] = ["2"]
    return client.post(url, data=form)


def test_labels_and_predictions_written_apart_are_refused_by_the_form(client):
    r = _post(client, _csv([">50K", "<=50K", "<=50K"] * (N // 3)))
    assert r.status_code == 422, r.headers.get("location")
    said = " ".join(html.unescape(e) for e in re.findall(r'class="error"[^>]*>(.*?)</', r.text))
    assert "the columns write the positive label differently: 'pred' holds '>50K'" in said
    assert "'income' holds <=50K., >50K.;" in said
    assert "roles.pos_label" not in said


def test_a_model_that_selected_no_one_is_still_taken(client):
    r = _post(client, _csv(["<=50K"] * N, dot=""))  # labels >50K/<=50K, predictions all <=50K
    assert r.status_code == 303, r.text[:300]
