"""Round 42 (web): the web package's public Python functions (``ethiclens.web.profile``,
``form_to_spec``) on odd input. ``profile`` of a missing file, a folder, an empty file or a
CSV read as Parquet raised pandas'/Arrow's/the OS's exceptions, and took any ``kind`` but
'parquet' as CSV ('json'); ``form_to_spec`` raised AttributeError ('int' object has no
attribute 'strip') on a number for a field, and ignored ``protected`` as its docstring names
it ("choose at least one protected attribute" for protected=['2'])."""

from __future__ import annotations

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.web import form_to_spec, profile
from ethiclens.web._roles import FormErrors


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "a.csv").write_text("label,pred,group\n1,0,A\n0,1,B\n")
    (tmp_path / "empty.csv").write_text("")
    (tmp_path / "sub").mkdir()
    return tmp_path


@pytest.mark.parametrize(
    "name, kind, words",
    [
        ("nope.csv", "csv", "does not exist"),
        ("sub", "csv", "is not a regular file"),
        ("empty.csv", "csv", "cannot be read as a csv table"),
        ("a.csv", "parquet", "cannot be read as a parquet table"),
        ("a.csv", "json", "is not a kind of table file"),
    ],
)
def test_profile_refuses_in_the_librarys_words(folder, name, kind, words):
    with pytest.raises(EthicLensInputError) as caught:
        profile(folder / name, kind)
    assert words in str(caught.value) and "Fix:" in str(caught.value), caught.value


def test_profile_of_a_parquet_file_of_no_rows(folder):
    pd = pytest.importorskip("pandas")
    pd.DataFrame({"label": [], "pred": []}).to_parquet(folder / "none.parquet")
    with pytest.raises(EthicLensInputError, match="cannot be read as a parquet table"):
        profile(folder / "none.parquet", "parquet")


def test_form_to_spec_reads_protected_and_refuses_numbers_by_field(folder):
    prof = profile(folder / "a.csv", "csv")
    form = {"y_true": "label", "y_pred": "pred", "protected": ["2"]}
    spec, purpose = form_to_spec(form, prof, {"file": "a.csv"})
    assert spec["roles"]["protected"] == {"group": None} and purpose == "audit"
    with pytest.raises(FormErrors) as caught:
        form_to_spec({**form, "n_boot": 200, "seed": None}, prof, {"file": "a.csv"})
    assert set(caught.value.errors) == {"n_boot"}, caught.value.errors
    assert "must be text" in caught.value.errors["n_boot"] and "'200'" in str(caught.value)
    with pytest.raises(FormErrors) as caught:
        form_to_spec({**form, "protected": [2]}, prof, {"file": "a.csv"})
    assert "must be text" in caught.value.errors["protected"]
