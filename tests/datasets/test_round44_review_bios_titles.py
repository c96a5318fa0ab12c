"""Round 44 review (found, not fixed, with 9fd70de4): a Bias in Bios file whose occupation was
written 'surgeon ' (a space after it) or 'Surgeon' had those rows left out unsaid as another
occupation (the audit counted fewer surgeons), and a file with both an 'occupation' and a
'title' column used 'occupation' unsaid when the two disagree. Both are refused naming the
column, the value and the fix; columns that agree load as before."""

import pytest

from ethiclens.datasets import load_bios
from ethiclens.errors import DataFileError


def _file(tmp_path, header, rows):
    path = tmp_path / "own.csv"
    path.write_text(header + "\n" + "\n".join(rows) + "\n")
    return path


ROWS = ["a bio,surgeon,M", "b bio,nurse,F", "c bio,surgeon,F", "d bio,nurse,M"]


@pytest.mark.parametrize("title", ["surgeon ", "Surgeon", "surgeon\u200b"])
def test_a_title_written_otherwise_is_refused(tmp_path, title):
    path = _file(tmp_path, "text,occupation,gender", [*ROWS, f'e bio,"{title}",F'])
    with pytest.raises(DataFileError, match="reads as 'surgeon'") as info:
        load_bios(path)
    assert info.value.column == "occupation" and info.value.value == title
    assert "write them as 'surgeon'" in info.value.fix


def test_two_occupation_columns_that_disagree_are_refused(tmp_path):
    rows = [r + ("," + r.split(",")[1]) for r in ROWS]
    rows[2] = "c bio,surgeon,F,nurse"
    path = _file(tmp_path, "text,occupation,gender,title", rows)
    with pytest.raises(DataFileError, match="'occupation' and 'title'.*row 3") as info:
        load_bios(path)
    assert info.value.column == "title" and info.value.value == "nurse"


def test_columns_that_agree_and_exact_titles_load_as_before(tmp_path):
    rows = [r + ("," + r.split(",")[1]) for r in ROWS]
    ds = load_bios(
        _file(tmp_path, "text,occupation,gender,title", [*rows, "e bio,teacher,F,teacher"])
    )
    assert list(ds.label) == [1, 0, 1, 0]
