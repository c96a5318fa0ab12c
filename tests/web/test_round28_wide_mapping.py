"""Round 28: the mapping screen of a wide upload was megabytes: each of its five role fields
listed every column, and model B's field listed every two-valued column of each of the 20
recent files (a file of one-hot features: thousands, on every mapping page drawn). A file of
more than ``WIDE`` columns now types its roles with one shared list of names, columns of the
same few values share one list of them for their reference groups, and model B's
field lists, of a file of more than ``MODEL_B_ALL`` two-valued columns, at most
``MODEL_B_SHOWN`` (those named like a prediction first, the one chosen always) with how many
more it has."""

from __future__ import annotations

import html
import re

import pandas as pd

from tests.web.conftest import csrf_of, make_frame, upload, wait_done


def _wide(columns: int, values: int = 5) -> bytes:
    frame = make_frame(300)
    extra = pd.DataFrame({f"feature_{i:04d}": frame.index % values for i in range(columns)})
    return pd.concat([frame, extra], axis=1).to_csv(index=False).encode()


def test_a_wide_files_roles_are_typed_with_one_list_of_names(client):
    from ethiclens.web._routes_audit import WIDE

    url = upload(client, _wide(WIDE)).headers["location"]
    page = client.get(url).text
    assert page.count('<datalist id="column-names">') == 1
    assert page.count('list="column-names"') == 5 and '<select id="y_true"' not in page
    assert page.count('<option value="feature_0000"') == 1  # was once in each role's select
    # the reference fields of columns with the same few values share one list of them
    assert page.count('<datalist id="values_') == 4  # label and pred, group, constant, features
    assert page.count('list="values_6"') == WIDE and '<datalist id="values_7"' not in page
    assert len(page) < 900 * WIDE  # its table of a row per column, the names listed once
    assert 'id="y_true" name="y_true" list="column-names" value="label"' in page
    form = {"csrf": csrf_of(page), "rev": "0", "y_true": "label", "y_pred": "pred"}
    form.update({"protected": ["3"], "n_boot": "200"})
    r = client.post(url, data={**form, "y_score": "nosuch"})
    assert r.status_code == 422
    said = html.unescape(re.search(r'id="error-y_score"[^>]*>(.*?)</p>', r.text).group(1))
    assert said == "not a column of this file (value: 'nosuch'). Fix: choose one from the list"
    assert 'list="column-names" value="nosuch"' in r.text  # the field as it was sent
    r = client.post(url, data=form)
    assert r.status_code == 303
    done = wait_done(client, r.headers["location"])
    assert re.search(r'id="verdict-word">FLAGGED<', done.text)


def test_a_narrow_file_keeps_its_selects(client, csv_bytes):
    page = client.get(upload(client, csv_bytes).headers["location"]).text
    assert '<select id="y_true" name="y_true">' in page and "column-names" not in page


def test_model_bs_choices_are_capped_per_file(client, csv_bytes):
    from ethiclens.web._twofiles import MODEL_B_SHOWN

    frame = make_frame(300)
    frame = pd.concat(
        [frame, pd.DataFrame({f"onehot_{i:03d}": frame.index % 2 for i in range(250)})], axis=1
    )
    frame["pred_b"] = frame["pred"]  # named like a prediction: listed first
    wide = upload(client, frame.to_csv(index=False).encode(), "features.csv")
    wide_id = re.search(r"/audits/[0-9a-f]+", wide.headers["location"]).group(0)
    data_id = re.search(r'value="([0-9a-f]{24}):', client.get(f"{wide_id}/mapping").text)
    url = upload(client, csv_bytes).headers["location"]
    page = client.get(url).text
    group = re.search(r'<optgroup label="features.csv[^"]*">(.*?)</optgroup>', page, re.S)
    listed = re.findall(r'<option value="[0-9a-f]{24}:(\d+)">features.csv: ([^<]*)<', group[1])
    assert len(listed) == MODEL_B_SHOWN
    names = [name for _, name in listed]
    assert {"pred", "pred_b"} <= set(names) and "onehot_249" not in names
    two_valued = 4 + 250 + 1  # label, pred, group, constant, the one-hot columns, pred_b
    more = two_valued - MODEL_B_SHOWN
    assert f"… and {more} more two-valued columns of features.csv</option>" in group[1]
    assert data_id is None  # (the file's own page does not offer itself)
    # a column past the cap, once chosen (the form sent back), is listed and kept chosen
    other = upload(client, csv_bytes).headers["location"]
    first = re.search(r'value="([0-9a-f]{24}):\d+">features.csv', client.get(other).text)[1]
    index = list(frame.columns).index("onehot_249")
    page = client.get(other).text
    form = {"csrf": csrf_of(page), "rev": "0", "y_true": "label", "y_pred": "pred"}
    form.update({"protected": ["3"], "model_b": f"{first}:{index}", "bins_4": "x"})
    r = client.post(other, data=form)
    assert r.status_code == 422
    assert f'<option value="{first}:{index}" selected>features.csv: onehot_249<' in r.text


def test_model_bs_choices_are_all_listed_below_the_cap(client, csv_bytes):
    """Review: a file of 60 two-valued columns listed 20: model B's column past them, not named
    like a prediction (``model_b_out``), could not be chosen at all. Up to ``MODEL_B_ALL``
    every two-valued column is listed, as before round 28."""
    frame = make_frame(300)
    for i in range(60):
        frame[f"onehot_{i:02d}"] = frame.index % 2
    frame["model_b_out"] = frame["pred"]
    upload(client, frame.to_csv(index=False).encode(), "features.csv")
    page = client.get(upload(client, csv_bytes).headers["location"]).text
    group = re.search(r'<optgroup label="features.csv[^"]*">(.*?)</optgroup>', page, re.S)
    listed = re.findall(r'<option value="[0-9a-f]{24}:\d+">features.csv: ([^<]*)<', group[1])
    assert len(listed) == 4 + 60 + 1 and "model_b_out" in listed and "more" not in group[1]
