"""Round 26: a folder or glob whose later files add a column the request does not use (a
deployed model's feed growing over time) is read on every engine, each file matched by name
(in any column order); a column the request reads that a file lacks, or has renamed, is
refused naming that file and the column, the same words on every engine and command."""

import json

import numpy as np
import pandas as pd
import pytest

from ethiclens.cli import main

FAST = ["pandas", "duckdb", "dask"]
ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "race"]


def _day(day: int, seed: int, n: int = 60) -> pd.DataFrame:
    r = np.random.default_rng(seed)
    return pd.DataFrame(
        {
            "ts": pd.date_range(f"2024-01-0{day}", periods=n, freq="10min").astype(str),
            "label": r.integers(0, 2, n),
            "pred": r.integers(0, 2, n),
            "score": np.round(r.random(n) * 64) / 64,
            "pred_b": r.integers(0, 2, n),
            "race": r.choice(["a", "b"], n),
        }
    )


def _feed(root, kind: str, change: str = "extra"):
    """Three days; the second adds a column (and writes its columns in another order); the
    third has ``change``: ``extra`` (as the others), ``missing`` (no race) or ``renamed``."""
    root.mkdir()
    days = [_day(1, 0), _day(2, 1), _day(3, 2)]
    days[1]["extra"] = np.arange(len(days[1]))
    days[1] = days[1][list(reversed(days[1].columns))]
    if change == "missing":
        days[2] = days[2].drop(columns="race")
    elif change == "renamed":
        days[2] = days[2].rename(columns={"race": "Race"})
    for i, d in enumerate(days):
        if kind == "csv":
            d.to_csv(root / f"d{i}.csv", index=False)
        else:
            d.to_parquet(root / f"d{i}.parquet", index=False)
    whole = pd.concat([d.drop(columns="extra", errors="ignore") for d in days], ignore_index=True)
    return root, whole


def _json(tmp_path, args, name):
    out = tmp_path / f"{name}.json"
    assert main([*args, "--json", str(out)]) == 0
    got = json.loads(out.read_text())
    got.pop("engine", None)
    got.get("provenance", {}).pop("engine", None)
    return got


def _strip(report):
    """The report's findings, without what names the target, its files or the engine."""
    found = {k: report[k] for k in ("attributes", "comparisons", "headlines", "summary")}
    text = json.dumps(found, sort_keys=True)
    for word in ("pandas", "duckdb", "dask", "spark"):
        text = text.replace(f'"{word}"', '"ENGINE"')
    return text


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_an_added_column_no_request_reads_is_ignored_on_every_engine(tmp_path, kind):
    feed, whole = _feed(tmp_path / "feed", kind)
    one = tmp_path / f"whole.{kind}"
    whole.to_csv(one, index=False) if kind == "csv" else whole.to_parquet(one, index=False)
    args = [*ROLES, "--n-boot", "100", "--seed", "0"]
    want = _strip(_json(tmp_path, ["audit", str(one), *args, "--engine", "pandas"], "one"))
    for engine in FAST:
        got = _json(tmp_path, ["audit", str(feed), *args, "--engine", engine], engine)
        assert _strip(got) == want, engine
    counts = {}
    for engine in FAST:
        out = tmp_path / f"{engine}.counts.csv"
        cmd = ["counts", str(feed), *ROLES, "--engine", engine, "--out", str(out)]
        assert main(cmd) == 0, engine
        counts[engine] = pd.read_csv(out)
    assert counts["duckdb"].equals(counts["pandas"]) and counts["dask"].equals(counts["pandas"])


@pytest.mark.parametrize("kind", ["csv", "parquet"])
@pytest.mark.parametrize("change", ["missing", "renamed"])
def test_a_read_column_a_file_lacks_is_refused_naming_it(tmp_path, capsys, kind, change):
    feed, _ = _feed(tmp_path / "feed", kind, change)
    name = f"d2.{kind}"
    hint = " (it has 'Race': renamed?)" if change == "renamed" else ""
    want = f"the file {name} has no column 'race'{hint}, which the request reads"
    commands = [
        ["audit", str(feed), *ROLES],
        ["counts", str(feed), *ROLES, "--out", str(tmp_path / "c.csv")],
        ["compare", str(feed), *ROLES, "--y-pred", "pred_b"],
        ["thresholds", str(feed), "--y-true", "label", "--y-score", "score", "--protected", "race"],
        ["monitor", str(feed), "--time", "ts", "--window", "1d", "--y-pred", "pred",
         "--protected", "race", "--store", str(tmp_path / "s.sqlite")],
    ]  # fmt: skip
    for cmd in commands:
        for engine in FAST:
            capsys.readouterr()
            assert main([*cmd, "--engine", engine]) == 2, (cmd[0], engine)
            err = capsys.readouterr().err
            assert want in err and f"add the column 'race' to {name}" in err, (cmd[0], engine, err)
    # the same files without race read: every file has what is read
    assert main(["counts", str(feed), "--y-pred", "pred", "--protected", "label", "--out",
                 str(tmp_path / "ok.csv")]) == 0  # fmt: skip


def test_monitor_ignores_an_added_column_on_every_engine(tmp_path, capsys):
    feed, whole = _feed(tmp_path / "feed", "csv")
    runs = {}
    for engine in FAST:
        store = tmp_path / f"{engine}.sqlite"
        cmd = ["monitor", str(feed), "--time", "ts", "--window", "1d", "--y-pred", "pred",
               "--protected", "race", "--store", str(store), "--engine", engine]  # fmt: skip
        capsys.readouterr()
        assert main(cmd) == 0, engine
        runs[engine] = capsys.readouterr().out.replace(str(store), "STORE")
    assert runs["pandas"] == runs["duckdb"] == runs["dask"]
    assert "3 new window(s) added" in runs["pandas"]


def test_spark_reads_an_added_column_and_refuses_a_missing_one(tmp_path, capsys, spark):
    feed, _ = _feed(tmp_path / "feed", "parquet")
    args = [*ROLES, "--n-boot", "100", "--seed", "0"]
    want = _strip(_json(tmp_path, ["audit", str(feed), *args, "--engine", "pandas"], "p"))
    assert _strip(_json(tmp_path, ["audit", str(feed), *args, "--engine", "spark"], "s")) == want
    bad, _ = _feed(tmp_path / "bad", "csv", "missing")
    capsys.readouterr()
    assert main(["audit", str(bad), *ROLES, "--engine", "spark"]) == 2
    assert "the file d2.csv has no column 'race'" in capsys.readouterr().err
