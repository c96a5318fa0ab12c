"""Round 33 review: the project's Bias in Bios copy is told from a user's own file of its name
by its first rows (not only its first 82 bytes), and is checked before it is read: a copy edited
in its header or its first bio was read silently as the user's own, and a copy truncated or
edited into rows the reader refuses was refused for its rows ('choose occupations present in the
file', 'gender') instead of as the damaged copy to restore."""

from pathlib import Path

import pytest

from ethiclens import datasets
from ethiclens.cli import main
from ethiclens.errors import DataFileError

COPY = (
    Path(__file__).resolve().parents[3] / "shared" / "datasets" / "bios" / "surgeon_nurse_bios.csv"
)
pytestmark = pytest.mark.skipif(not COPY.exists(), reason="no shared Bias in Bios copy")

DAMAGES = {
    "header edited": lambda raw: raw.replace(b"split,text,", b"split,bio,", 1),
    "first bio edited": lambda raw: raw.replace(b"Dr. Hayes has", b"Dr. Hayez has", 1),
    "with a byte order mark": lambda raw: b"\xef\xbb\xbf" + raw,
    "cut in its first row": lambda raw: raw[:60],
    "cut after its first row": lambda raw: raw[:200],
    "a gender edited": lambda raw: raw.replace(b",surgeon,M", b",surgeon,X", 1),
}


@pytest.mark.parametrize("how", sorted(DAMAGES))
def test_a_damaged_copy_is_refused_as_the_copy(tmp_path, how):
    path = tmp_path / "surgeon_nurse_bios.csv"
    path.write_bytes(DAMAGES[how](COPY.read_bytes()))
    with pytest.raises(DataFileError, match=r"Bias in Bios copy .*surgeon_nurse_bios.csv") as e:
        datasets.load("bios", path=path)
    assert "sha256" in str(e.value) and "restore" in e.value.fix


def test_a_truncated_copy_from_the_environment_on_the_cli(tmp_path, monkeypatch, capsys):
    path = tmp_path / "surgeon_nurse_bios.csv"
    path.write_bytes(COPY.read_bytes()[:200])
    monkeypatch.setenv("ETHICLENS_BIOS", str(path))
    assert main(["datasets", "info", "bios"]) == 2
    err = capsys.readouterr().err
    assert "is damaged" in err and "restore" in err and "Traceback" not in err


@pytest.mark.parametrize(
    "text",
    [
        "split,text,occupation,gender\n",  # only the copy's header: no rows, not a damaged copy
        "split,text,occupation,gender\ntrain,Dr. Smith operates.,surgeon,M\ntest,Hi.,nurse,F\n",
    ],
)
def test_a_users_own_file_in_the_copys_layout_is_not_the_copy(tmp_path, text):
    path = tmp_path / "surgeon_nurse_bios.csv"
    path.write_text(text)
    try:
        assert len(datasets.load("bios", path=path)) == 2
    except DataFileError as e:  # the reader's own refusal of a file with no rows
        assert "copy" not in str(e) and "no data rows" in str(e)


def test_the_shared_copy_is_checked_whatever_it_holds(tmp_path, monkeypatch):
    from ethiclens.datasets import _bios

    shared = tmp_path / "shared" / "surgeon_nurse_bios.csv"
    shared.parent.mkdir()
    shared.write_text("text,occupation,gender\nHi.,surgeon,M\nHo.,nurse,F\n")  # replaced wholly
    monkeypatch.setattr(_bios, "_shared_copy", lambda: shared)
    monkeypatch.delenv("ETHICLENS_BIOS", raising=False)
    with pytest.raises(DataFileError, match="Bias in Bios copy .* is damaged") as info:
        datasets.load("bios")
    assert str(shared) in str(info.value) and "restore" in info.value.fix
    link = tmp_path / "link.csv"  # the shared copy under another name is still the copy
    link.symlink_to(shared)
    with pytest.raises(DataFileError, match="is damaged"):
        datasets.load("bios", path=link)
