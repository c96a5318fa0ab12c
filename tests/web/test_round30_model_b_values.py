"""Round 30: model B's column of another file is refused by model B's field, on the mapping
page (HTTP 422), when the file's profile saw it hold more than two values (scores, ages),
whether it was typed, or a list index sent by a crafted form: the audit no longer queues to
stop later with "Second model to compare: looks like scores". A run's refusal of model B's
two values (yes/no, no positive label) names model B's field, not the column or the file."""

from __future__ import annotations

import html
import re

import pandas as pd
import pytest

from tests.web.conftest import csrf_of, make_frame, rev_of, upload, wait_done

pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")


@pytest.fixture
def files(client):
    """(a function uploading model A's file: its mapping URL and page, model B's file id):
    model B's file has 250 one-hot columns (its column typed) and a yes/no column."""
    frame = make_frame(300)
    onehot = pd.DataFrame({f"onehot_{i:03d}": frame.index % 2 for i in range(250)})
    frame = pd.concat([frame, onehot], axis=1)
    frame["yn"] = frame["pred"].map({1: "yes", 0: "no"})
    upload(client, frame.to_csv(index=False).encode(), "features.csv")

    def model_a():
        url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
        page = client.get(url).text
        return url, page, re.search(r'value="([0-9a-f]{24}):">… and', page)[1]

    return model_a


def _post(client, url, page, **fields):
    form = {"csrf": csrf_of(page), "rev": rev_of(page), "y_true": "label", "y_pred": "pred"}
    return client.post(url, data={**form, "protected": ["3"], "n_boot": "200", **fields})


def _said(page: str, field: str) -> str:
    return html.unescape(re.search(rf'id="error-{field}"[^>]*>(.*?)</p>', page, re.S).group(1))


@pytest.mark.parametrize(
    ("column", "index", "words"),
    [
        ("score", 2, "297 distinct values"),
        ("age", 4, "70 distinct values"),
    ],
)
def test_a_column_of_other_than_two_values_is_refused_by_model_bs_field(
    client, files, column, index, words
):
    for fields in ({"model_b_column": column}, {"index": str(index)}):
        url, page, file_id = files()
        choice = f"{file_id}:{fields.pop('index', '')}"
        r = _post(client, url, page, model_b=choice, **fields)
        assert r.status_code == 422, r.headers.get("location")
        said = _said(r.text, "model_b")
        assert said.startswith(
            f"model B's column {column!r} of features.csv is not a prediction of two values: "
            f"it holds {words}"
        ), said
        assert "Fix: choose model B's 0/1 prediction column of features.csv" in said
        assert "looks like scores" not in r.text


def test_a_two_valued_column_is_still_model_b(client, files):
    url, page, file_id = files()
    r = _post(client, url, page, model_b=f"{file_id}:", model_b_column="onehot_007")
    assert r.status_code == 303, re.findall(r'class="error"[^>]*>([^<]*)', r.text)
    assert "model B (onehot_007)" in wait_done(client, r.headers["location"]).text


@pytest.mark.parametrize("typed", [True, False])
def test_a_run_refusing_model_bs_values_names_model_bs_field(client, files, typed):
    url, page, file_id = files()
    fields = {"model_b_column": "yn"} if typed else {"model_b": f"{file_id}:256"}
    r = _post(client, url, page, **{"model_b": f"{file_id}:", **fields})
    done = wait_done(client, r.headers["location"])
    problem = html.unescape(re.search(r'<p id="problem">(.*?)</p>', done.text, re.S)[1])
    assert problem == (
        "<strong>Model B from another file</strong>: is not binary 0/1: found values no, yes"
    )
    # the form again: the refusal by model B's field, the file still chosen
    again = client.post(done.url.path + "/reopen", data={"csrf": csrf_of(done.text)})
    form = client.get(again.headers["location"])
    assert form.status_code == 422
    assert _said(form.text, "model_b").startswith("is not binary 0/1: found values no, yes")
    assert 'id="error-form"' not in form.text


def test_a_column_with_empty_cells_is_refused_by_model_bs_field(client):
    """The run refused it naming the joined table (preds-vs-b.csv line 6), a file its user
    never made; the form now refuses it by model B's field, naming model B's file."""
    frame = make_frame(300)
    frame["p2"] = (1 - frame["pred"]).astype(float)
    frame.loc[[4, 9], "p2"] = float("nan")
    upload(client, frame.to_csv(index=False).encode(), "b.csv")
    url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
    page = client.get(url).text
    choice = re.search(r'value="([0-9a-f]{24}:6)">b.csv: p2<', page)[1]
    r = _post(client, url, page, model_b=choice)
    assert r.status_code == 422
    assert _said(r.text, "model_b") == (
        "model B's column 'p2' of b.csv has 2 missing values: model B needs a prediction on every "
        "row. Fix: fill in model B's predictions on every row of b.csv (or drop those rows from "
        "both files) and upload it again"
    )


def test_model_bs_file_removed_from_the_server_is_said_so(client, files, app):
    """Was "model B's file cannot be read: [Errno 2] No such file or directory: 'the file'"."""
    url, page, file_id = files()
    for path in (app.state.web.config.data_dir / "uploads").glob("*.csv"):
        if path.read_bytes().startswith(b"label,pred,score,group,age,constant,onehot_000"):
            path.unlink()
    r = _post(client, url, page, model_b=f"{file_id}:", model_b_column="onehot_001")
    assert r.status_code == 422
    assert _said(r.text, "model_b") == (
        "model B's file (features.csv) is no longer on this server. Fix: upload it again"
    )


def test_a_two_valued_column_written_two_ways_is_still_model_b(client):
    """1 and 1.0, True and true are one label each as the run reads them: not refused."""
    frame = make_frame(300)
    frame["p2"] = (1 - frame["pred"]).astype(str).where(frame.index % 3 > 0, "1.0")
    frame.loc[frame["pred"] == 1, "p2"] = "0"
    frame["p3"] = (frame["pred"] == 0).map({True: "True", False: "false"})
    frame.loc[::7, "p3"] = frame.loc[::7, "p3"].str.upper()
    upload(client, frame.to_csv(index=False).encode(), "b.csv")
    for index, column in ((6, "p2"), (7, "p3")):
        url = upload(client, make_frame(300).to_csv(index=False).encode()).headers["location"]
        page = client.get(url).text
        file_id = re.search(r'value="([0-9a-f]{24}):\d+">b.csv: ', page)[1]
        r = _post(client, url, page, model_b=f"{file_id}:{index}")  # three spellings: not listed
        assert r.status_code == 303, re.findall(r'class="error"[^>]*>([^<]*)', r.text)
        done = wait_done(client, r.headers["location"])
        assert f"model B ({column})" in done.text, done.text[-1500:]
