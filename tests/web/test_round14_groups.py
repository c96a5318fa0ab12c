"""Round 14 of the web app's mapping screen: group codes are the audit's groups, text as
written (``01``, ``001`` and ``1`` are three groups, ``1.50`` is not ``1.5``), a second model
set to the label column is refused on the form, and each result line gives the library's
reason for its status."""

from __future__ import annotations

import re

import numpy as np
import pytest

from tests.web.conftest import make_frame, mapping_form, upload, wait_done


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def _chips(page: str, column: str) -> list[str]:
    row = re.search(rf'<label for="prot_\d+">{column}</label>.*?</tr>', page, re.S)
    return re.findall(r'<span class="chip">([^<]*)</span>', row.group(0))


def _coded(codes: list[str], n=1500):
    frame = make_frame(n=n)
    frame["code"] = np.resize(codes, n)
    return frame.to_csv(index=False).encode()


@pytest.mark.parametrize(
    "codes",
    [["001", "01", "1"], ["01", "02", "03"], ["1.50", "1.5", "2.0"]],
)
def test_the_mapping_screen_shows_the_groups_as_written(client, codes):
    r = upload(client, _coded(codes))
    page = client.get(r.headers["location"]).text
    assert sorted(_chips(page, "code")) == sorted(codes), _chips(page, "code")


def test_forty_zero_padded_codes_are_text_groups_not_numbers(client):
    r = upload(client, _coded([f"{i:05d}" for i in range(1001, 1041)], n=2000))
    page = client.get(r.headers["location"]).text
    text = _text(page)
    assert "40 numbers" not in text and "1001.0" not in text
    assert "01001" in _chips(page, "code")


def test_a_leading_zero_reference_runs_and_a_number_is_refused_on_the_form(client):
    r = upload(client, _coded(["01", "02", "03"]))
    url = r.headers["location"]
    page = client.get(url).text
    i = [m for m in re.findall(r'name="protected" value="(\d+)"', page)][-1]  # code: last
    r = client.post(url, data=mapping_form(page, protected=[i], **{f"ref_{i}": "1"}))
    assert r.status_code == 422
    assert re.search(rf'id="error-ref_{i}"', r.text), _text(r.text)[-800:]
    assert "did you mean '01'" in _text(r.text)
    form = mapping_form(page, protected=[i], n_boot="200", **{f"ref_{i}": "01"})
    r = client.post(url, data=form)
    assert r.status_code == 303, _text(r.text)[-800:]
    done = wait_done(client, r.headers["location"])
    assert "code: 02 vs 01" in _text(done.text), _text(done.text)[:2000]


def test_a_second_model_set_to_the_label_column_is_refused_on_the_form(client, csv_bytes):
    r = upload(client, csv_bytes)
    url = r.headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["3"], y_pred_b="label"))
    assert r.status_code == 422, r.status_code
    assert re.search(r'id="error-y_pred_b"', r.text), _text(r.text)[-800:]
    assert "is already the label column" in _text(r.text)


def test_every_result_line_gives_the_librarys_reason(client):
    # B selected a little less often than A, on few rows: not flagged, not passed
    rng = np.random.default_rng(1)
    frame = make_frame(n=900)
    frame["pred"] = np.where(
        frame["group"] == "A", rng.random(900) < 0.5, rng.random(900) < 0.42
    ).astype(int)
    r = upload(client, frame.to_csv(index=False).encode())
    url = r.headers["location"]
    page = client.get(url).text
    r = client.post(url, data=mapping_form(page, protected=["3"], n_boot="200"))
    assert r.status_code == 303, _text(r.text)[-800:]
    done = wait_done(client, r.headers["location"]).text
    lines = re.findall(r"<li>(.*?)</li>", re.search(r'id="lines">(.*?)</ul>', done, re.S)[1])
    assert lines
    for line in lines:
        status = re.search(r'class="status status-([a-z_]+)"', line)[1].upper()
        said = _text(line).split(": ", 1)
        assert len(said) == 2 and said[1].strip(), line
        if status != "PASS":
            assert re.search(r"(DI|EO): .*(interval|floor|straddles)", said[1]), line


def test_a_parquet_column_of_lists_still_profiles(client, tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "nested.parquet"
    table = pa.table({"label": [0, 1] * 50, "pred": [1, 0] * 50, "race": [[1], [2]] * 50})
    pq.write_table(table, path)
    r = upload(client, path.read_bytes(), "nested.parquet")
    assert r.status_code == 303, _text(r.text)[-800:]
    page = client.get(r.headers["location"]).text
    assert sorted(_chips(page, "race")) == ["[1]", "[2]"]


@pytest.mark.parametrize(
    "values",
    [
        ["1", "2", "3"],
        ["001", "01", "1"],
        ["1.50", "1.5", "2.0"],
        ["0.5", "1.5"],
        ["-0.0", "0.0", "1.0"],
        ["123456789012345678901234567890", "2"],
        ["1", "2.5"],
        ["1e3", "2"],
        ["inf", "0.5"],
        [" 5", "6"],
        ["A", "B"],
    ],
)
def test_the_profiles_groups_are_the_engines_groups(values):
    """The mapping screen's groups of a CSV column and their kind (numbers or text) are the
    ones every engine reads (sources' rule: type_groups, then -0.0 as 0.0)."""
    import pandas as pd

    from ethiclens.sources import canonical_zero
    from ethiclens.sources._rules import type_groups
    from ethiclens.web._roles import as_groups

    column = pd.Series(values, dtype=object)
    engines = canonical_zero(type_groups(column))
    ours = as_groups(column, "csv")
    assert [str(v) for v in pd.unique(ours)] == [str(v) for v in pd.unique(engines)]
    assert pd.api.types.is_numeric_dtype(ours) == pd.api.types.is_numeric_dtype(engines)
