"""A --store that is a link into a folder that does not exist is refused as a missing folder,
naming the link's target's folder, as an output given so is (was: 'cannot be written: the file
or its folder is read-only', which sends the user to the permissions)."""

from .conftest import FLAGS
from .conftest import run_cli as _cli


def test_a_store_linked_into_a_missing_folder_names_that_folder(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(2))
    link = tmp_path / "s.sqlite"
    link.symlink_to(tmp_path / "nowhere" / "s.sqlite")
    rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", link)
    assert rc == 2, err
    assert "its folder does not exist" in err and "read-only" not in err, err
    assert f"create {tmp_path / 'nowhere'} first" in err, err
    assert not (tmp_path / "nowhere").exists()
