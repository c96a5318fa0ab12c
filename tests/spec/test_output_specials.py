"""``ethiclens audit`` outputs: a symbolic link is written through (the link stays), a device
or pipe is refused naming the option, before anything is written."""

import os

from ethiclens.cli import main

from ..monitor.conftest import write_days


def _audit(capsys, data, *argv):
    argv = ["audit", data, "--y-pred", "pred", "--y-true", "label", "--protected", "race", *argv]
    rc = main([str(a) for a in argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_audit_writes_through_a_link_and_refuses_a_pipe(tmp_path, capsys):
    data = write_days(tmp_path / "feed", [0]) / "day000.csv"
    (tmp_path / "real.json").write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    rc, _, _ = _audit(capsys, data, "--json", link)
    assert rc == 0 and link.is_symlink() and os.readlink(link) == "real.json"
    assert (tmp_path / "real.json").read_text().lstrip().startswith("{")
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "real.json").write_text("kept")
    rc, out, err = _audit(
        capsys, data, "--json", tmp_path / "real.json", "--html", tmp_path / "pipe"
    )
    assert rc == 2 and "option '--html'" in err and "--json -" in err and "\n" not in err.strip()
    assert (tmp_path / "pipe").is_fifo() and (tmp_path / "real.json").read_text() == "kept"
