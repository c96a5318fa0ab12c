"""Round 31 (P2NIA): a release written to a folder named through a symbolic link.

The release was swapped into place by renaming the link itself: the link became a new
folder beside the one it named, which kept the old release and its budget record (with
``--replace`` and budget tracking, the next release into the real folder counted the
releases made through the link as never spent). A link to an empty folder was replaced the
same way, the release never reaching the folder named. The release now goes into the folder
the link names, and the link stays."""

from __future__ import annotations

import json
import warnings

from ethiclens.p2nia import make_request, read_release, release, write_release

from .conftest import audit_frame


def _release(seed):
    req = make_request(200, "sex", protected_domain=["F", "M"], metrics="dp", epsilon=2)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return release(req, audit_frame(400, 1), "y", "pred", random_state=seed)


def test_a_release_through_a_link_goes_into_the_folder_it_names(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    write_release(_release(0), link)
    assert link.is_symlink()
    assert sorted(p.name for p in real.iterdir()) == ["manifest.json", "release.csv"]


def test_replacing_through_a_link_keeps_one_budget_record(tmp_path):
    real = tmp_path / "real"
    write_release(_release(0), real, track_budget=True)
    link = tmp_path / "link"
    link.symlink_to(real, target_is_directory=True)
    write_release(_release(1), link, replace=True)
    assert link.is_symlink()
    budget = json.loads((real / "manifest.json").read_text())["budget"]
    assert (budget["releases"], budget["cumulative_on_this_data"]) == (2, 4.0)
    write_release(_release(2), real, replace=True)
    assert read_release(link).manifest["budget"]["releases"] == 3
