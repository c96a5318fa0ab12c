"""`ethiclens counts` refuses a stray label/prediction at source, with the line, the same on
every engine; text-only labels (yes/no) still count (audit --counts --pos-label); audit
--engine X --pos-label 1 is unchanged."""

import pytest

from ethiclens.cli import main
from tests.sources.conftest import make_frame

ROLES = ["--y-true", "y", "--y-pred", "p", "--protected", "race"]


@pytest.mark.parametrize("engine", ["pandas", "duckdb", "dask"])
@pytest.mark.parametrize(
    ("col", "value", "shown"), [("p", "yes", "yes"), ("p", 0.7, "0.7"), ("y", 2, "2")]
)
def test_counts_refuses_a_stray_label_with_its_line(tmp_path, capsys, engine, col, value, shown):
    frame = make_frame(0, n=300).astype({col: object})
    frame.loc[9, col] = value
    frame.to_csv(tmp_path / "d.csv", index=False)
    argv = [
        "counts",
        str(tmp_path / "d.csv"),
        *ROLES,
        "--engine",
        engine,
        "--out",
        str(tmp_path / "o.csv"),
    ]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"must be 0/1: 1 row(s) hold {shown}, first at d.csv line 11" in err, err
    assert not (tmp_path / "o.csv").exists()


def test_text_labels_still_count_and_pos_label_audits_are_unchanged(tmp_path, capsys):
    frame = make_frame(0, n=300)
    frame["p"] = frame["p"].map({0: "no", 1: "yes"})
    frame.to_csv(tmp_path / "yn.csv", index=False)
    out = tmp_path / "o.csv"
    assert main(["counts", str(tmp_path / "yn.csv"), *ROLES, "--out", str(out)]) == 0
    frame = make_frame(0, n=300).astype({"p": object})
    frame.loc[9, "p"] = "yes"
    frame.to_csv(tmp_path / "d.csv", index=False)
    for engine in ("pandas", "duckdb"):
        argv = ["audit", str(tmp_path / "d.csv"), *ROLES, "--engine", engine, "--pos-label", "1"]
        assert main(argv) == 0
