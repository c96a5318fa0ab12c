"""Round 35: ``io.write_atomic`` (every report, JSON, counts table the tool writes) leaves the
process's umask alone. Before, it read the umask by setting it to 0 and back: for that moment a
file or folder another thread created (a web request's report, a monitor's) was world-writable.
The written file still gets the mode ``open()`` gives a new file (0o666 less the umask)."""

import os
import stat
import threading

from ethiclens.io import write_atomic


def test_write_atomic_never_sets_the_umask(tmp_path, monkeypatch):
    calls = []
    real = os.umask
    monkeypatch.setattr(os, "umask", lambda mask: calls.append(mask) or real(mask))
    write_atomic(tmp_path / "report.json", "{}")
    write_atomic(tmp_path / "report.json", b"{}\n")  # replacing a file too
    assert calls == []


def test_the_file_has_the_mode_of_a_new_file_and_no_temporary_is_left(tmp_path):
    mask = os.umask(0o027)
    try:
        write_atomic(tmp_path / "a.json", "{}")
        threads = [
            threading.Thread(target=write_atomic, args=(tmp_path / f"t{i}.json", "x"))
            for i in range(8)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "a.json").stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"] + [
        f"t{i}.json" for i in range(8)
    ]
    assert (tmp_path / "a.json").read_text() == "{}"
