"""Round 42 review (web): what the hunter's profile/form_to_spec/serve changes broke or missed.
A Parquet file whose pages are damaged past its footer was refused by the upload as 'cannot
read NAME (...). Fix: check the file and its path. Fix: export it again' (Arrow's OSError read
as the OS's); ``ethiclens serve --monitor-store x.txt`` said 'Fix: e.g.
WebConfig.monitor_stores x.sqlite'; a form key that is not text raised TypeError; ``protected``
skipped the unknown-reference check; the bins box took 'age=18,90' as edges [18, 90]."""

from __future__ import annotations

import io

import pytest

from ethiclens.errors import DataFileError
from ethiclens.web import profile
from ethiclens.web._roles import FormErrors, form_to_spec

from .conftest import upload


def _damaged_parquet() -> bytes:
    pa, pq = pytest.importorskip("pyarrow"), pytest.importorskip("pyarrow.parquet")
    out = io.BytesIO()
    pq.write_table(pa.table({"a": list(range(50))}), out, compression="snappy")
    raw = bytearray(out.getvalue())
    raw[25] ^= 0xFF  # inside the first data page: the footer still reads
    return bytes(raw)


def test_a_damaged_parquet_page_is_a_table_problem_not_the_os(tmp_path, client):
    (tmp_path / "d.parquet").write_bytes(_damaged_parquet())
    with pytest.raises(DataFileError) as caught:
        profile(tmp_path / "d.parquet", "parquet")
    assert str(caught.value).startswith("d.parquet cannot be read as a parquet table: Corrupt")
    r = upload(client, _damaged_parquet(), name="mine.parquet")
    assert r.status_code == 415
    assert "the Parquet file cannot be read: Corrupt snappy compressed data." in r.text
    assert "check the file and its path" not in r.text and "cannot read mine" not in r.text


def test_serve_names_its_own_flag_in_the_fix(tmp_path, monkeypatch, capsys):
    from ethiclens.cli._main import main

    monkeypatch.chdir(tmp_path)
    (tmp_path / "w.txt").write_text("x")
    assert main(["serve", "--data-dir", "d", "--monitor-store", "w.txt"]) == 2
    err = capsys.readouterr().err
    assert "option '--monitor-store'" in err and "Fix: e.g. --monitor-store w.sqlite" in err, err


@pytest.fixture
def prof(tmp_path):
    (tmp_path / "a.csv").write_text("label,pred,group,age\n1,0,A,20\n0,1,B,40\n1,1,A,60\n")
    return profile(tmp_path / "a.csv", "csv")


def test_a_python_form_is_checked_as_the_apps(prof):
    form = {"y_true": "label", "y_pred": "pred", "protected": ["2"], 0: "x"}
    assert form_to_spec(form, prof, {"file": "a.csv"})[0]["roles"]["protected"] == {"group": None}
    with pytest.raises(FormErrors) as caught:
        form_to_spec({**form, "ref_2": "Z"}, prof, {"file": "a.csv"})
    assert list(caught.value.errors) == ["ref_2"], caught.value.errors
    with pytest.raises(FormErrors) as caught:
        form_to_spec({**form, "y_true": ["label"]}, prof, {"file": "a.csv"})
    assert caught.value.errors["y_true"].endswith("Fix: give it as text"), caught.value.errors


def test_the_bins_box_holds_edges_only(prof):
    form = {"y_true": "label", "y_pred": "pred", "protected_list": ["3"], "bins_3": "age=18,90"}
    with pytest.raises(FormErrors) as caught:
        form_to_spec(form, prof, {"file": "a.csv"})
    assert caught.value.errors == {
        "bins_3": "bin edges must be numbers (value: ['age=18', '90']). Fix: e.g. 0,25,45,65,120"
    }
