"""Round 44: a Bias in Bios file of the user's own coding its occupations as numbers (1/0, read
as 1 or 1.0) was refused 'has no rows for both of ['1', '0']' for occupations=('1', '0'), the
titles it holds. Titles are compared as text, as PCER's splits compare group values."""

import json

from ethiclens.datasets import load_bios


def test_numeric_titles_are_read_as_their_text(tmp_path):
    path = tmp_path / "coded.csv"
    path.write_text("text,occupation,gender\na,1,M\nb,0,F\nc,1.0,F\nd,2,M\n")
    ds = load_bios(path, occupations=("1", "0"))
    assert ds.label.tolist() == [1, 0, 1]
    assert ds.protected["gender"].tolist() == ["Male", "Female", "Female"]


def test_json_numbers_and_a_missing_title(tmp_path):
    path = tmp_path / "coded.json"
    rows = [
        {"text": "a", "occupation": 1, "gender": "M"},
        {"text": "b", "occupation": 0.0, "gender": "F"},
        {"text": "c", "occupation": None, "gender": "F"},
    ]
    path.write_text(json.dumps(rows))
    assert load_bios(path, occupations=("1", "0")).label.tolist() == [1, 0]
