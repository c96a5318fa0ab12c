"""The audit's request honoured by the monitor: ``--pos-label`` (labels that are not 0/1) and
``--merge-groups`` / ``--exclude-group`` (the spec's groups.merge / groups.exclude)."""

import json
import sqlite3

import numpy as np
import pandas as pd
import pytest

from ethiclens.monitor import run_monitor

from .conftest import FLAGS
from .conftest import request_of as _req
from .conftest import run_cli as _cli


def _yes_no(folder, out):
    """The daily files with the labels and predictions written as yes/no."""
    out.mkdir()
    for f in sorted(folder.glob("*.csv")):
        frame = pd.read_csv(f)
        for col in ("label", "pred"):
            frame[col] = frame[col].map({1: "yes", 0: "no"})
        frame.to_csv(out / f.name, index=False)
    return out


def _evidence(doc: dict) -> dict:
    """Everything but the run's facts and the request (what a relabelling may change)."""
    return {k: v for k, v in doc.items() if k not in ("run", "request", "store", "created")}


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_pos_label_gives_the_0_1_evidence(tmp_path, days, engine):
    data = days(tmp_path / "data", range(4), change_day=2)
    words = _yes_no(data, tmp_path / "words")
    plain = run_monitor(_req(data, engine=engine), tmp_path / "a.sqlite").data
    yes = run_monitor(_req(words, engine=engine, pos_label="yes"), tmp_path / "b.sqlite").data
    assert _evidence(yes) == _evidence(plain)
    assert yes["request"]["pos_label"] == "yes" and "pos_label" not in plain["request"]
    # "no" positive: the selection rates turn into their complements
    no = run_monitor(_req(words, engine=engine, pos_label="no"), tmp_path / "c.sqlite").data
    assert _evidence(no) != _evidence(plain)


def test_pos_label_on_a_database_equals_the_files(tmp_path, days, capsys):
    data = _yes_no(days(tmp_path / "data", range(4), change_day=2), tmp_path / "words")
    frame = pd.concat([pd.read_csv(f) for f in sorted(data.glob("*.csv"))], ignore_index=True)
    db = tmp_path / "rows.db"
    with sqlite3.connect(db) as con:
        frame.to_sql("preds", con, index=False)
    docs = []
    for name, source in (
        ("files", [data]),
        ("db", ["--db", f"sqlite:///{db}", "--table", "preds"]),
    ):
        out = tmp_path / f"{name}.json"
        rc, _, err = _cli(capsys, "monitor", *source, *FLAGS, "--protected", "race=White",
                          "--pos-label", "yes", "--store", tmp_path / f"{name}.sqlite",
                          "--json", out)  # fmt: skip
        assert rc == 0, err
        docs.append(json.loads(out.read_text()))
    assert docs[0]["comparisons"] == docs[1]["comparisons"]
    assert docs[0]["windows"] == docs[1]["windows"]


def test_pos_label_is_refused_as_the_audit_refuses_it(tmp_path, days, capsys):
    words = _yes_no(days(tmp_path / "data", range(2)), tmp_path / "words")
    rc, _, err = _cli(capsys, "monitor", words, *FLAGS, "--protected", "race",
                      "--store", tmp_path / "a.sqlite")  # fmt: skip
    assert rc == 2 and "not binary 0/1" in err and "--pos-label" in err
    rc, _, err = _cli(capsys, "monitor", words, *FLAGS, "--protected", "race", "--pos-label",
                      "maybe", "--store", tmp_path / "b.sqlite")  # fmt: skip
    assert rc == 2 and "option '--pos-label': no row of the column" in err, err
    assert "pred (y_pred)" in err and "this column holds no, yes:" in err
    # a store is bound to its positive label
    store = tmp_path / "c.sqlite"
    run_monitor(_req(words, pos_label="yes"), store)
    rc, _, err = _cli(capsys, "monitor", words, *FLAGS, "--protected", "race=White",
                      "--pos-label", "no", "--store", store)  # fmt: skip
    assert rc == 2 and "another request" in err and "--pos-label 'yes' there, 'no' here" in err


def test_pos_label_1_matches_numbers_as_in_the_audit(tmp_path, days):
    data = days(tmp_path / "data", range(3))
    plain = run_monitor(_req(data), tmp_path / "a.sqlite").data
    one = run_monitor(_req(data, pos_label="1"), tmp_path / "b.sqlite").data
    assert _evidence(one) == _evidence(plain)


def _merged_rows(folder, out):
    """The daily files with White split into two groups, W1 and W2."""
    out.mkdir()
    for i, f in enumerate(sorted(folder.glob("*.csv"))):
        frame = pd.read_csv(f)
        white = frame["race"] == "White"
        frame.loc[white, "race"] = [f"W{1 + (j + i) % 2}" for j in range(int(white.sum()))]
        frame.to_csv(out / f.name, index=False)
    return out


def test_merged_groups_are_monitored_as_one(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(4), change_day=2)
    split = _merged_rows(data, tmp_path / "split")
    plain = run_monitor(_req(data), tmp_path / "a.sqlite").data
    merges = {"race": {"White": ["W1", "W2"]}}
    merged = run_monitor(_req(split, merge_groups=merges), tmp_path / "b.sqlite").data
    assert _evidence(merged) == _evidence(plain)
    # the reference follows the merge: W1 given, White (W1 + W2) used
    by_old = _req(split, merge_groups=merges, protected=("race=W1",))
    assert _evidence(run_monitor(by_old, tmp_path / "c.sqlite").data) == _evidence(plain)
    # from the command line, and the default reference is the largest group after the merge
    out = tmp_path / "m.json"
    rc, _, err = _cli(capsys, "monitor", split, *FLAGS, "--protected", "race",
                      "--merge-groups", "race=W1,W2:White", "--store", tmp_path / "d.sqlite",
                      "--json", out)  # fmt: skip
    assert rc == 0, err
    chosen = json.loads(out.read_text())["comparisons"]
    assert {c["reference_source"] for c in chosen} == {"largest group in the first run"}
    strip = [{k: v for k, v in c.items() if k != "reference_source"} for c in chosen]
    assert strip == [
        {k: v for k, v in c.items() if k != "reference_source"} for c in plain["comparisons"]
    ]


def test_excluded_groups_leave_the_comparisons(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(4), change_day=2)
    kept = tmp_path / "kept"
    kept.mkdir()
    for f in sorted(data.glob("*.csv")):
        frame = pd.read_csv(f)
        frame[frame["race"] != "Asian"].to_csv(kept / f.name, index=False)
    without = run_monitor(_req(kept), tmp_path / "a.sqlite").data
    out = tmp_path / "x.json"
    rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race=White",
                      "--exclude-group", "race=Asian", "--store", tmp_path / "b.sqlite",
                      "--json", out)  # fmt: skip
    assert rc == 0, err
    doc = json.loads(out.read_text())
    assert doc["comparisons"] == without["comparisons"]
    assert doc["request"]["exclude_groups"] == {"race": ["Asian"]}


def test_group_edits_are_checked_and_bound_to_the_store(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(3))
    base = ["monitor", data, *FLAGS]
    rc, _, err = _cli(capsys, *base, "--protected", "race=White", "--exclude-group",
                      "race=White", "--store", tmp_path / "a.sqlite")  # fmt: skip
    assert rc == 2 and "the reference group 'White' of race is excluded" in err, err
    assert "--exclude-group" in err
    rc, out, _ = _cli(capsys, *base, "--protected", "race", "--exclude-group", "race=martian",
                      "--store", tmp_path / "b.sqlite")  # fmt: skip
    assert rc == 0 and "the group 'martian' of race has no rows in this batch" in out, out
    rc, _, err = _cli(capsys, *base, "--protected", "race", "--exclude-group", "race=white",
                      "--store", tmp_path / "b2.sqlite")  # fmt: skip
    assert rc == 2 and "--exclude-group" in err and "has no group 'white'" in err, err
    rc, _, err = _cli(capsys, *base, "--protected", "race", "--merge-groups",
                      "sex=A,B:C", "--store", tmp_path / "c.sqlite")  # fmt: skip
    assert rc == 2 and "--merge-groups" in err and "unknown attribute" in err, err
    rc, _, err = _cli(capsys, *base, "--protected", "race", "--merge-groups", "race=A",
                      "--store", tmp_path / "d.sqlite")  # fmt: skip
    assert rc == 2 and "must be ATTR=GROUP,GROUP,...:NEW_NAME" in err, err
    store = tmp_path / "e.sqlite"
    edits = ["--merge-groups", "race=Black,Asian:Other"]
    rc, out, err = _cli(capsys, *base, "--protected", "race", *edits, "--store", store)
    assert rc == 0, err
    assert "merged: race Other = Asian + Black" in out
    rc, _, err = _cli(capsys, *base, "--protected", "race", "--store", store)
    assert rc == 2 and "another request" in err and "--merge-groups" in err
    again = tmp_path / "again.json"
    rc, _, err = _cli(capsys, *base, "--protected", "race", *edits, "--store", store,
                      "--json", again)  # fmt: skip
    assert rc == 0, err
    assert json.loads(again.read_text())["run"]["already_seen"] == 3


def test_group_edits_in_an_audit_spec(tmp_path, days, capsys):
    yaml = pytest.importorskip("yaml")
    data = days(tmp_path / "data", range(3))
    config = tmp_path / "spec.yaml"
    config.write_text(
        yaml.safe_dump(
            {
                "target": {"file": str(data)},
                "roles": {"y_pred": "pred", "y_true": "label", "protected": ["race"]},
                "groups": {"exclude": {"race": ["Asian"]}, "merge": {}},
            }
        )
    )
    out = tmp_path / "s.json"
    rc, _, err = _cli(capsys, "monitor", "--config", config, "--time", "ts", "--window", "1d",
                      "--store", tmp_path / "s.sqlite", "--json", out)  # fmt: skip
    assert rc == 0, err
    doc = json.loads(out.read_text())
    assert {c["group"] for c in doc["comparisons"]} == {"Black"}


def _with_sex(folder, out):
    """The daily files with a second attribute, sex, and the crossed column race&sex."""
    out.mkdir()
    rng = np.random.default_rng(7)
    for f in sorted(folder.glob("*.csv")):
        frame = pd.read_csv(f)
        frame["sex"] = rng.choice(["F", "M"], len(frame))
        frame["race&sex"] = frame["race"] + "&" + frame["sex"]
        frame.to_csv(out / f.name, index=False)
    return out


def _by_group(doc: dict, attribute: str) -> dict:
    drop = ("attribute", "reference_source")
    return {
        c["group"]: {k: v for k, v in c.items() if k not in drop}
        for c in doc["comparisons"]
        if c["attribute"] == attribute
    }


def test_intersections_are_compared_as_one_more_attribute(tmp_path, days, capsys):
    data = _with_sex(days(tmp_path / "data", range(4), change_day=2), tmp_path / "sexed")
    crossed = run_monitor(_req(data, protected=("race&sex=White&F",)), tmp_path / "a.sqlite")
    out = tmp_path / "i.json"
    rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race=White",
                      "--protected", "sex=F", "--intersect", "race,sex",
                      "--store", tmp_path / "b.sqlite", "--json", out)  # fmt: skip
    assert rc == 0, err
    doc = json.loads(out.read_text())
    assert _by_group(doc, "race&sex") == _by_group(crossed.data, "race&sex")
    assert {c["reference"] for c in doc["comparisons"] if c["attribute"] == "race&sex"} == {
        "White&F"
    }
    assert doc["request"]["intersections"] == [["race", "sex"]]
    # the same request again: recognised, not another request
    rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race=White",
                      "--protected", "sex=F", "--intersect", "race,sex",
                      "--store", tmp_path / "b.sqlite", "--json", out)  # fmt: skip
    assert rc == 0 and json.loads(out.read_text())["run"]["already_seen"] == 4, err
    rc, _, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race=White",
                      "--protected", "sex=F", "--store", tmp_path / "b.sqlite")  # fmt: skip
    assert rc == 2 and "another request" in err and "intersections" in err


def test_intersections_with_group_edits_and_bad_ones(tmp_path, days, capsys):
    data = _with_sex(days(tmp_path / "data", range(3)), tmp_path / "sexed")
    req = _req(data, protected=("race=White", "sex"), intersections=(("race", "sex"),),
               exclude_groups={"race": ["Asian"]},
               merge_groups={"sex": {"All": ["F", "M"]}})  # fmt: skip
    with pytest.raises(Exception, match="merge leaves a single group"):
        run_monitor(req, tmp_path / "x.sqlite")
    req = _req(data, protected=("race=White", "sex"), intersections=(("race", "sex"),),
               exclude_groups={"race": ["Asian"]})  # fmt: skip
    doc = run_monitor(req, tmp_path / "a.sqlite").data
    groups = {c["group"] for c in doc["comparisons"] if c["attribute"] == "race&sex"}
    assert not any(g.startswith("Asian") for g in groups) and len(groups) == 3
    base = ["monitor", data, *FLAGS, "--protected", "race", "--protected", "sex"]
    for bad, message in (
        ("race", "needs at least 2 item(s)"),
        ("race,age", "two or more known attributes"),
        ("race,race", "lists 'race' twice"),
    ):
        rc, _, err = _cli(capsys, *base, "--intersect", bad, "--store", tmp_path / "b.sqlite")
        assert rc == 2 and "--intersect" in err and message in err, err
