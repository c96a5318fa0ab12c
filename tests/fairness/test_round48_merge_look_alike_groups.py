"""Round 48 (holdout: Bias-in-Bios genders 'F', 'F ', 'f'): group names that read alike were
refused when the groups were read, before the user's own group edits, so the merge or
exclusion that names the spellings could never resolve them, and the refusal's fix was
pandas code only. The check now sees the groups after the edits (every face, every engine),
and its fix gives the merge in the face's words, which read back as the fix says."""

import shlex
import sqlite3

import numpy as np
import pandas as pd
import pytest
import yaml

from ethiclens import audit
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

GENDERS = ["F", "F ", "f", "M"] * 10


def _frame() -> pd.DataFrame:
    y = np.array([0, 1, 1, 0, 1] * 8)
    return pd.DataFrame({"gender": GENDERS, "label": y, "pred": y[::-1].copy()})


@pytest.mark.parametrize(
    "edits",
    [
        {"merge_groups": {"gender": {"F": ["F", "F ", "f"]}}},
        {"merge_groups": {"gender": {"F": ["F", "F "]}}},
        {"exclude_groups": {"gender": ["F "]}},
    ],
)
def test_python_edits_naming_the_spellings_resolve_them(edits):
    df = _frame()
    result = audit(df.label, df.pred, df.gender, **edits)
    groups = {g["group"] for g in result.to_dict()["attributes"][0]["groups"]}
    assert "F " not in groups and "F" in groups, groups


def test_python_refusal_gives_the_merge_that_resolves_it():
    df = _frame()
    with pytest.raises(EthicLensInputError) as exc:
        audit(df.label, df.pred, df.gender)
    fix = str(exc.value.fix)
    said = "merge_groups={'gender': {'F': ['F', 'F ']}}"
    assert said in fix and ".str.strip()" in fix, fix
    audit(df.label, df.pred, df.gender, merge_groups=eval(said.partition("=")[2]))


def _file(tmp_path, engine):
    df = _frame()
    if engine == "sql":
        path = tmp_path / "b.sqlite"
        with sqlite3.connect(path) as con:
            df.to_sql("t", con, index=False)
        return ["--db", f"sqlite:///{path}", "--table", "t"]
    path = tmp_path / "b.parquet"
    df.to_parquet(path)
    return [str(path), "--engine", engine]


def _err(capsys, argv) -> str:
    code = main(argv)
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2, err
    return err[-1]


ROLES = ["--y-true", "label", "--y-pred", "pred", "--protected", "gender"]
# the refusal's fix, as the command line and a config file say it (reads back below)
FLAG = "--merge-groups 'gender=F,\"F \":F'"
CONFIG = 'groups: {merge: {gender: {F: [F, "F "]}}}'
ENGINES = ["pandas", "duckdb", "sql"]


@pytest.mark.parametrize("engine", ENGINES)
def test_cli_refusal_gives_the_merge_flag_and_config_key(tmp_path, capsys, engine):
    err = _err(capsys, ["audit", *_file(tmp_path, engine), *ROLES])
    assert f"{FLAG} on the command line, {CONFIG} in a config file" in err, err
    assert "(pandas" not in err, err


@pytest.mark.parametrize("engine", ENGINES)
def test_cli_merge_as_the_fix_writes_it_resolves_them(tmp_path, engine):
    assert main(["audit", *_file(tmp_path, engine), *ROLES, *shlex.split(FLAG)]) == 0


def test_cli_user_merge_and_exclusion_resolve_them(tmp_path):
    target = _file(tmp_path, "duckdb")
    assert main(["audit", *target, *ROLES, "--merge-groups", 'gender=F,"F ",f:F']) == 0
    assert main(["audit", *target, *ROLES, "--exclude-group", 'gender="F "']) == 0


def test_config_merge_as_the_fix_writes_it_resolves_them(tmp_path):
    spec = {"version": 1, "roles": {"y_true": "label", "y_pred": "pred", "protected": "gender"}}
    spec.update(yaml.safe_load("{" + CONFIG + "}"))
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(spec), encoding="utf-8")
    assert main(["audit", "--config", str(tmp_path / "c.yaml"), *_file(tmp_path, "pandas")]) == 0


def test_counts_takes_no_merge_and_says_the_data_fix(tmp_path, capsys):
    target = _file(tmp_path, "duckdb")
    err = _err(capsys, ["counts", *target, *ROLES, "--out", str(tmp_path / "c.csv")])
    assert "--merge-groups" not in err and "strip the whitespace" in err, err


def test_web_says_its_merge_field_and_its_form_check_takes_the_merge():
    from ethiclens.fairness import check_group_edits
    from ethiclens.web._roles import in_form_words

    df = _frame()
    with pytest.raises(EthicLensInputError) as exc:
        audit(df.label, df.pred, df.gender)
    record = {"problem": exc.value.problem, "fix": str(exc.value.fix), "column": "gender"}
    fix = in_form_words(record)["fix"]
    assert 'type gender=F,"F ":F in the field Merge groups' in fix, fix
    check_group_edits(df[["gender"]], merge_groups={"gender": {"F": ["F", "F "]}})


def test_monitor_takes_the_merge_its_refusal_gives(tmp_path, capsys):
    df = _frame().assign(t=pd.date_range("2024-01-01", periods=40, freq="h").astype(str))
    df.to_parquet(tmp_path / "m.parquet")
    argv = ["monitor", str(tmp_path / "m.parquet"), "--time", "t", "--window", "1d", *ROLES]
    err = _err(capsys, [*argv, "--store", str(tmp_path / "s1")])
    assert f"{FLAG} on the command line" in err, err
    assert main([*argv, "--store", str(tmp_path / "s2"), *shlex.split(FLAG)]) == 0
