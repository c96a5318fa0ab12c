"""Tester round 15: every report this version writes gates as its own baseline (a benchmark's
and a counts table's too, whose spec names no prediction column); roles and settings are
compared as the run used them (a counts table's implicit roles, a default written out); a
baseline whose groups differ gates the comparisons both have, with a note."""

from __future__ import annotations

import sqlite3

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def _frame(n: int = 1500, seed: int = 1, groups=("A", "B", "C")) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    race = rng.choice(list(groups), n, p=[0.5, 0.3, 0.2])
    return pd.DataFrame(
        {
            "race": race,
            "sex": rng.choice(["F", "M"], n),
            "label": rng.integers(0, 2, n),
            "pred": (rng.random(n) < np.where(race == groups[0], 0.5, 0.4)).astype(int),
            "pred2": rng.integers(0, 2, n),
            "w": rng.uniform(0.5, 2, n),
            "score": rng.random(n),
        }
    )


@pytest.fixture(scope="module")
def place(tmp_path_factory):
    root = tmp_path_factory.mktemp("gate15")
    frame = _frame()
    frame.to_csv(root / "d.csv", index=False)
    with sqlite3.connect(root / "t.db") as con:
        frame.to_sql("t", con, index=False)
    argv = ["counts", str(root / "d.csv"), "--y-true", "label", "--y-pred", "pred"]
    argv += ["--protected", "race", "--engine", "pandas", "--out", str(root / "cr.parquet")]
    assert main(argv) == 0
    return root


ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]
KINDS = {
    "benchmark": ["compas"],
    "counts table": ["--counts", "{root}/cr.parquet"],
    "counts table, roles named": ["--counts", "{root}/cr.parquet", *ROLES],
    "file": ["{root}/d.csv", *ROLES],
    "weighted file": ["{root}/d.csv", *ROLES, "--weight", "w"],
    "scored file": ["{root}/d.csv", *ROLES, "--y-score", "score"],
    "sqlite table": ["--db", "sqlite:///{root}/t.db", "--table", "t", *ROLES],
}


def _audit(root, args, *more) -> int:
    return main(["audit", *(a.format(root=root) for a in args), "--n-boot", "100", *more])


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_report_gates_as_its_own_baseline(place, kind, capsys):
    report = place / f"{kind.replace(' ', '_').replace(',', '')}.json"
    assert _audit(place, KINDS[kind], "--json", str(report)) == 0
    capsys.readouterr()
    code = _audit(place, KINDS[kind], "--baseline", str(report))
    out = capsys.readouterr()
    assert code == 0, out.err
    assert f"gate passed: --baseline {report}: no verdict, DI or EO worse" in out.out + out.err


def test_a_comparison_report_is_no_baseline(place, capsys):
    argv = ["{root}/d.csv", *ROLES, "--y-pred", "pred2"]
    assert _audit(place, argv, "--json", str(place / "cmp.json")) == 0
    capsys.readouterr()
    assert _audit(place, KINDS["file"], "--baseline", str(place / "cmp.json")) == 2
    err = capsys.readouterr().err
    assert "cmp.json is not an audit report" in err and "Fix: give a JSON report" in err


def _gate(root, args, baseline, capsys, *more) -> tuple[int, str]:
    capsys.readouterr()
    code = _audit(root, args, *more, "--baseline", str(baseline))
    out = capsys.readouterr()
    return code, (out.out + out.err).strip().splitlines()[-1]


@pytest.fixture(scope="module")
def file_report(place):
    path = place / "file_report.json"
    assert _audit(place, KINDS["file"], "--json", str(path)) == 0
    return path


def test_a_counts_table_gates_against_a_report_of_the_file_it_counted(place, file_report, capsys):
    # the table's own label, predictions and attributes are the file report's roles
    code, line = _gate(place, KINDS["counts table"], file_report, capsys)
    assert code == 0, line
    assert line.startswith(f"gate passed: --baseline {file_report}: no verdict, DI or EO worse")
    assert "other input than the baseline" in line  # the source differs, and is said to
    counts = place / "counts_table.json"
    assert _audit(place, KINDS["counts table"], "--json", str(counts)) == 0
    code, line = _gate(place, KINDS["file"], counts, capsys)
    assert code == 0 and line.startswith("gate passed"), line


def test_a_counts_table_with_labels_is_not_a_run_without(place, capsys):
    counts = place / "counts_labelled.json"
    assert _audit(place, KINDS["counts table"], "--json", str(counts)) == 0
    args = ["{root}/d.csv", "--y-pred", "pred", "--protected", "race"]
    code, line = _gate(place, args, counts, capsys)
    assert code == 2
    assert (
        "counts_labelled.json was audited with another spec than this run (other roles): "
        "roles.y_true left as None, which the baseline took as the counts table's or "
        "benchmark's own column and this run as none" in line
    )


@pytest.mark.parametrize(
    "written", [["--pos-label", "1"], ["--positive", "favorable"], ["--pos-label", "1.0"]]
)
def test_a_default_written_out_is_the_default(place, file_report, written, capsys):
    code, line = _gate(place, KINDS["file"], file_report, capsys, *written)
    assert code == 0 and line.startswith("gate passed"), line
    said = place / "said.json"
    assert _audit(place, KINDS["file"], *written, "--json", str(said)) == 0
    code, line = _gate(place, KINDS["file"], said, capsys)
    assert code == 0 and line.startswith("gate passed"), line


@pytest.mark.parametrize(
    ("other", "said"),
    [
        (["--pos-label", "0"], "roles.pos_label None -> '0'"),
        (["--positive", "harmful"], "roles.positive None -> 'harmful'"),
    ],
)
def test_another_setting_still_differs(place, file_report, other, said, capsys):
    code, line = _gate(place, KINDS["file"], file_report, capsys, *other)
    assert code == 2 and said in line, line


def _export(root, name, mapping) -> str:
    frame = pd.read_csv(root / "d.csv")
    frame["race"] = frame["race"].map(mapping)
    frame.to_csv(root / name, index=False)
    return str(root / name)


def test_a_new_category_gates_the_common_comparisons_with_a_note(place, file_report, capsys):
    path = _export(place, "new.csv", {"A": "A", "B": "B", "C": "D"})
    code, line = _gate(place, [path, *ROLES], file_report, capsys)
    assert code == 0, line
    assert "not gated: comparisons only in the baseline ['race:C vs A']" in line
    assert "not gated: comparisons only in this run ['race:D vs A']" in line
    assert "[]" not in line
    path = _export(place, "added.csv", {"A": "A", "B": "B", "C": "C"})
    frame = pd.read_csv(path)
    frame.loc[frame.index[:200], "race"] = "D"
    frame.to_csv(path, index=False)
    code, line = _gate(place, [path, *ROLES], file_report, capsys)
    assert code == 0 and "only in this run ['race:D vs A']" in line, line
    assert "only in the baseline" not in line


def test_nothing_in_common_is_refused(place, file_report, capsys):
    path = _export(place, "renamed.csv", {"A": "A", "B": "P", "C": "Q"})
    code, line = _gate(place, [path, *ROLES], file_report, capsys)
    assert code == 2
    assert (
        "shares no comparison with this run (nothing to gate): comparisons only in the "
        "baseline ['race:B vs A', 'race:C vs A'], only in this run ['race:P vs A', "
        "'race:Q vs A']" in line
    )


def test_a_baseline_of_arrays_is_named_so(place):
    from ethiclens.fairness import audit

    frame = pd.read_csv(place / "d.csv")
    arrays = audit(frame["label"], frame["pred"], frame[["race"]], n_boot=100)
    run = ethiclens.audit(
        str(place / "d.csv"), y_true="label", y_pred="pred", protected=["race"], n_boot=100
    )
    for baseline in (arrays, arrays.to_dict()):
        with pytest.raises(EthicLensInputError) as info:
            run.gate(baseline=baseline)
        text = str(info.value)
        assert "baseline is an audit of arrays (ethiclens.fairness.audit): it has no spec" in text
        assert "Fix: gate against a report of a spec run: ethiclens.run(spec)" in text
        assert "made before EthicLens recorded one" not in text


@pytest.mark.parametrize(
    ("reference", "edit", "said"),
    [
        (
            {"race": "B"},
            {"exclude_groups": {"race": ["B"]}},
            "argument 'reference': the reference group 'B' of race is excluded (value: 'B'). "
            "Fix: keep it, or choose another reference: reference={'race': GROUP}",
        ),
    ],
)
def test_a_reference_merged_or_excluded_away_is_refused(reference, edit, said):
    from ethiclens.fairness import audit

    frame = _frame(600)
    with pytest.raises(EthicLensInputError) as info:
        audit(frame["label"], frame["pred"], frame[["race"]], reference=reference, **edit)
    assert said in str(info.value)
    merged = audit(
        frame["label"],
        frame["pred"],
        frame[["race"]],
        reference={"race": "X"},
        merge_groups={"race": {"X": ["B", "C"]}},
        n_boot=100,
    )
    assert merged.to_dict()["attributes"][0]["reference"] == "X"


def test_a_thresholds_report_is_no_baseline(place, capsys):
    argv = ["thresholds", str(place / "d.csv"), "--y-true", "label", "--y-score", "score"]
    argv += ["--protected", "race", "--n-boot", "100", "--json", str(place / "th.json")]
    assert main(argv) == 0
    capsys.readouterr()
    assert _audit(place, KINDS["file"], "--baseline", str(place / "th.json")) == 2
    err = capsys.readouterr().err
    said = "th.json is not an audit report: it is a threshold view's (ethiclens thresholds)"
    assert said in err and "Fix: give a JSON report" in err
