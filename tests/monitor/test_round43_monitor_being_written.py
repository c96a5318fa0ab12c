"""Round 43 (monitor): a monitored folder (or glob, or --baseline-target) holding a data file
still being written under a download or copy tool's suffix (d1.csv.part, d1.csv.tmp,
d1.parquet.crdownload) was refused with the audit's fix 'move it out of the folder, or convert
it to .csv or .parquet': converting a file cut short is no fix. The refusal stays (a window
processed without the file's rows is never processed again), and its fix now says to run again
once the file is complete, naming the name it becomes, on every engine and from Python alike;
nothing written."""

import pandas as pd
import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest, run_monitor

ARGS = ["--time", "ts", "--window", "1d", "--y-pred", "p", "--protected", "g"]
ROWS = pd.DataFrame({"ts": ["2024-01-01T10:00:00Z"] * 2, "g": ["A", "B"], "p": [0, 1]})


def _feed(tmp_path, partial="d1.csv.part"):
    folder = tmp_path / "feed"
    folder.mkdir()
    ROWS.to_csv(folder / "d0.csv", index=False)
    ROWS.to_csv(folder / partial, index=False)
    return folder


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize("partial", ["d1.csv.part", "d1.csv.TMP", "d1.csv.gz.crdownload"])
def test_a_file_being_written_is_waited_for(tmp_path, capsys, engine, partial):
    folder = _feed(tmp_path, partial)
    store = tmp_path / "s.sqlite"
    rc = main(["monitor", str(folder), *ARGS, "--engine", engine, "--store", str(store)])
    err = capsys.readouterr().err
    done = str(folder / partial)[: -len(partial.rsplit(".", 1)[1]) - 1]
    assert rc == 2 and not store.exists(), err
    assert f"Fix: if {folder / partial} is still being written, run again once it is " in err
    assert f"complete (renamed to {done})" in err and "move it out of the folder" in err, err
    assert "convert it" not in err and "Traceback" not in err, err


def test_a_glob_and_python_and_a_baseline_say_the_same(tmp_path, capsys):
    folder = _feed(tmp_path)
    request = MonitorRequest(str(folder / "*"), "ts", "1d", "p", ("g",))
    with pytest.raises(EthicLensInputError) as caught:
        run_monitor(request, str(tmp_path / "s.sqlite"))
    assert "run again once it is complete" in caught.value.fix
    assert "narrow the glob" in caught.value.fix and "convert" not in caught.value.fix
    ROWS.to_csv(tmp_path / "t.csv", index=False)
    args = [str(tmp_path / "t.csv"), *ARGS, "--baseline-target", str(folder)]
    rc = main(["monitor", *args, "--store", str(tmp_path / "s.sqlite")])
    err = capsys.readouterr().err
    assert rc == 2 and "--baseline-target" in err and "run again once it is complete" in err
    assert not (tmp_path / "s.sqlite").exists()


def test_other_kinds_keep_their_fix(tmp_path, capsys):
    folder = _feed(tmp_path, "notes.json")
    (folder / "d2.part").write_text("not named as a table")  # no table's name: left out
    rc = main(["monitor", str(folder), *ARGS, "--store", str(tmp_path / "s.sqlite")])
    err = capsys.readouterr().err
    assert rc == 2 and "holds .json files" in err and "still being written" not in err, err
