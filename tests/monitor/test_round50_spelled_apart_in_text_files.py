"""Round 50: CSV text writing one group value two ways is refused, also across a folder's files.

``ethiclens audit DIR/`` reads a CSV folder's group column as text: a.csv's ``1`` and b.csv's
``1.0`` are two groups (``g: 1 vs x``, ``g: 1.0 vs x``), as one file's ``-0`` beside ``0`` (or
``-0.0`` beside ``0.0``) is. The monitor keyed each by its value and counted one group without
a word (round 49 refused one file's ``1`` beside ``1.0`` only). Now refused on every engine,
naming the file writing each spelling; a merge naming them runs; a folder of typed (Parquet)
files still merges as documented (round 49's test)."""

import pandas as pd
import pytest

from ethiclens.cli import main


def _frame(spellings, start: int = 0) -> pd.DataFrame:
    times = pd.date_range("2024-01-01", periods=300, freq="4min") + pd.Timedelta(days=start)
    g = [spellings[i % len(spellings)] for i in range(300)]
    y = [(i * 7) % 2 for i in range(300)]
    p = [(i * 11 // 3) % 2 for i in range(300)]
    return pd.DataFrame({"t": times.strftime("%Y-%m-%dT%H:%M:%SZ"), "g": g, "y": y, "p": p})


def _folder(tmp_path, *spellings) -> str:
    folder = tmp_path / "f"
    folder.mkdir()
    for i, spelled in enumerate(spellings):
        _frame(("x", spelled), start=i).to_csv(folder / f"{'ab'[i]}.csv", index=False)
    return str(folder)


def _cli(capsys, target, store, *more) -> tuple[int, str, str]:
    flags = ["--time", "t", "--window", "1d", "--y-pred", "p", "--y-true", "y"]
    rc = main(["monitor", target, *flags, "--protected", "g=x", "--store", str(store), *more])
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_folder_writing_one_value_two_ways_is_refused_naming_both_files(engine, tmp_path, capsys):
    store = tmp_path / "s.sqlite"
    rc, _, err = _cli(capsys, _folder(tmp_path, "1", "1.0"), store, "--engine", engine)
    assert rc == 2, err
    assert "g writes one value 2 ways (1 in a.csv, 1.0 in b.csv) in the files of one TARGET" in err
    assert "--merge-groups 'g=1,1.0:1'" in err and "nothing was written" in err
    assert not store.exists()


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
@pytest.mark.parametrize(
    "spellings, words, merge",
    [(("0", "-0"), "(0, -0)", "g=0,-0:0"), (("0.0", "-0.0"), "(-0.0, 0.0)", "g=-0.0,0.0:0")],
)
def test_one_csv_writing_a_signed_zero_beside_zero_is_refused(
    engine, spellings, words, merge, tmp_path, capsys
):
    _frame(("x", *spellings)).to_csv(tmp_path / "d.csv", index=False)
    rc, _, err = _cli(capsys, str(tmp_path / "d.csv"), tmp_path / "s.sqlite", "--engine", engine)
    assert rc == 2, err
    assert f"g writes one value 2 ways {words} in one file or table" in err
    assert f"--merge-groups '{merge}'" in err


def test_a_merge_naming_a_folders_spellings_runs(tmp_path, capsys):
    target = _folder(tmp_path, "1", "1.0")
    rc, out, err = _cli(capsys, target, tmp_path / "s.sqlite", "--merge-groups", "g=1,1.0:1")
    assert rc == 0, err
    assert "g: 1 vs x" in out and "1.0 vs" not in out


def test_a_baseline_folder_is_refused_alike(tmp_path, capsys):
    _frame(("x", "1"), start=5).to_csv(tmp_path / "d.csv", index=False)
    more = ["--baseline-target", _folder(tmp_path, "1", "1.0")]
    rc, _, err = _cli(capsys, str(tmp_path / "d.csv"), tmp_path / "s.sqlite", *more)
    assert rc == 2, err
    assert "of the baseline" in err and "(1 in a.csv, 1.0 in b.csv)" in err


def test_a_dataframe_of_text_writing_a_signed_zero_is_refused_as_the_audit_keeps_two(tmp_path):
    from ethiclens.monitor import MonitorRequest, run_monitor

    frame = _frame(("x", "0", "-0"))  # text only: ethiclens.audit compares '0' and '-0'
    request = MonitorRequest(target=frame, time="t", window="1d", y_pred="p", y_true="y",
                             protected=("g=x",), n_draws=100)  # fmt: skip
    with pytest.raises(Exception, match=r"g writes one value 2 ways \(0, -0\)"):
        run_monitor(request, tmp_path / "s.sqlite")
