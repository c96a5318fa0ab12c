"""Round 50 (P2NIA, sibling of round 49's lists as words): what a refusal or an undefined
metric says of groups no released row holds quoted each with Python's repr ("no released row
holds the groups 'A', 'B'", p2nia._common.no_rows_held: the estimate's reason, the phantom-group
refusal of read_release), and a release folder's stray files and a changed manifest's keys were
joined by bare commas (a name holding a comma read as two). Each is now listed as every refusal
lists names (_checks.names_words): bare, quoted only where a name would read ambiguously."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.p2nia import make_request, release, write_release
from ethiclens.p2nia._common import no_rows_held


@pytest.mark.parametrize(
    "groups,words",
    [
        (["X"], "no released row holds the group X"),
        (["A", "B"], "no released row holds the groups A, B"),
        (["Asian, Pacific", "B"], "no released row holds the groups 'Asian, Pacific', B"),
        ([3, "B"], "no released row holds the groups 3, B"),
    ],
)
def test_groups_no_row_holds_are_listed_as_words(groups, words):
    assert no_rows_held(groups) == words


def test_a_release_folders_stray_files_are_listed_as_words(tmp_path):
    import pandas as pd

    data = pd.DataFrame({"g": ["a", "b"] * 10, "y": [0, 1] * 10, "p": [1, 0] * 10})
    req = make_request(20, "g", epsilon=2.0, protected_domain=["a", "b"])
    rel = release(req, data, "y", "p", random_state=0)
    out = write_release(rel, tmp_path / "rel")
    (out / "notes, old.txt").write_text("x")
    (out / "b.txt").write_text("x")
    with pytest.raises(EthicLensInputError) as info:
        write_release(rel, out, replace=True)
    assert "not the release's (b.txt, 'notes, old.txt')" in str(info.value), info.value
