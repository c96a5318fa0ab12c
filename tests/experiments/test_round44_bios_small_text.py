"""Round 44: PCER's text features on a small Bias in Bios file of the user's own (fewer than 200
TF-IDF terms in its training rows) were a ValueError traceback from TruncatedSVD
(``ethiclens pcer train bios`` too), a file of words of one letter another ("empty
vocabulary"), and fewer training rows than 200 gave fewer components than the description's
"SVD 200" unsaid. The SVD now fits as many components as the rows allow and the description
names the number; a text without any term is refused naming the dataset."""

import pytest

from ethiclens.datasets import load_bios
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments._pcer_data import prepare


def _file(tmp_path, texts):
    rows = "".join(
        f"{t},{'surgeon' if i % 2 else 'nurse'},{'M' if i % 3 else 'F'}\n"
        for i, t in enumerate(texts)
    )
    path = tmp_path / "own_bios.csv"
    path.write_text("text,occupation,gender\n" + rows)
    return load_bios(path)


def test_a_small_file_is_featurised_with_the_components_it_allows(tmp_path):
    ds = _file(tmp_path, [f"bio word{i % 7} term{i % 5}" for i in range(40)])
    data = prepare("bios", 0, dataset=ds)
    fitted = data.X_train.shape[1]
    assert 0 < fitted < 200 and data.X_test.shape[1] == fitted
    assert f"TruncatedSVD {fitted} (not 200" in data.description


def test_enough_terms_and_rows_keep_200_components(tmp_path):
    ds = _file(tmp_path, [f"alpha{i}" for i in range(290)])
    data = prepare("bios", 0, dataset=ds)
    assert data.X_train.shape[1] == 200
    assert "TruncatedSVD 200 → standardised" in data.description


def test_texts_without_a_term_are_refused_naming_the_dataset(tmp_path):
    ds = _file(tmp_path, ["x"] * 40)
    with pytest.raises(EthicLensInputError, match="no word of two or more") as info:
        prepare("bios", 0, dataset=ds)
    assert info.value.column == "dataset" and info.value.value == "bios"
