"""The Python face as a Python caller writes it (issue 22, round 4): numpy scalars and tuples
are plain values, a string where a list belongs is refused (or read as one name), errors name
the library's own keys and arguments (the CLI its flags), and misuse is a clear error."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import Target


@pytest.fixture
def data(tmp_path):
    rng = np.random.default_rng(4)
    n = 600
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "q": rng.integers(0, 2, n),
            "g": rng.choice(["a", "b"], n),
            "h": rng.choice(["x", "z"], n),
        }
    )
    frame["y_text"] = np.where(frame["y"] == 1, "yes", "no")
    path = tmp_path / "d.csv"
    frame.to_csv(path, index=False)
    return path, frame


def _spec(path, **roles) -> dict:
    base = {"y_true": "y", "y_pred": "p", "protected": ["g"]}
    return {"target": {"file": str(path)}, "roles": base | roles, "policy": {"n_boot": 200}}


def _error(capsys, argv) -> str:
    assert main([str(a) for a in argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: "), err
    return err[0]


# -- numpy scalars and tuples are plain values on every spec entry ---------------------------
@pytest.mark.parametrize(
    "keywords",
    [{"seed": np.int64(3)}, {"n_boot": np.int64(300)}, {"y_pred": ("p",)}],
)
def test_run_takes_numpy_scalars_and_tuples(data, keywords):
    result = ethiclens.run(_spec(data[0]), **keywords)
    assert result.comparisons


def test_from_dict_and_replace_take_numpy_scalars(data):
    raw = _spec(data[0])
    raw["policy"] = {"n_boot": np.int64(300), "di_threshold": np.float64(0.8)}
    spec = ethiclens.AuditSpec.from_dict(raw)
    assert spec.policy.n_boot == 300 and type(spec.policy.n_boot) is int
    assert spec.replace(policy={"seed": np.int32(5)}).policy.seed == 5


@pytest.mark.parametrize("bad", [np.float64("nan"), np.float64("inf")])
def test_a_numpy_nan_or_inf_is_still_refused(data, bad):
    with pytest.raises(EthicLensInputError, match="argument 'di_threshold'"):
        ethiclens.AuditSpec.of(str(data[0]), di_threshold=bad)


# -- a string where a list belongs -----------------------------------------------------------
def test_intersections_as_a_string_is_refused_with_the_list_form(data):
    frame = data[1]
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit(frame.y, frame.p, frame[["g", "h"]], intersections="g,h", n_boot=200)
    assert "argument 'intersections'" in str(info.value)
    assert "intersections=[['g', 'h']]" in str(info.value)


def test_audit_counts_reads_protected_as_one_name(data):
    frame = data[1]
    table = frame.groupby(["g", "y", "p"]).size().reset_index(name="count")
    table = table.rename(columns={"y": "y_true", "p": "y_pred", "g": "group"})
    result = ethiclens.audit_counts(table, protected="group", n_boot=200)
    assert {c.attribute for c in result.comparisons} == {"group"}


def test_a_column_name_in_the_arrays_form_is_refused(data):
    frame = data[1]
    with pytest.raises(EthicLensInputError) as info:
        ethiclens.audit("y", frame.p, frame.g)
    message = str(info.value)
    assert "argument 'y_true': is a string, not one value per row" in message
    assert "rows" not in message.split("Fix")[0].replace("per row", "")


# -- the library names its own keys and arguments; the CLI its flags -------------------------
def test_compare_with_one_model_names_the_key(data):
    spec = ethiclens.AuditSpec.from_dict(_spec(data[0]))
    with pytest.raises(EthicLensInputError, match=r"^key 'roles.y_pred': needs exactly two"):
        ethiclens.compare(spec)


def test_compare_with_one_model_on_the_cli_names_the_flag(data, capsys):
    err = _error(capsys, ["compare", data[0], "--y-true", "y", "--y-pred", "p", "--protected", "g"])
    assert "option '--y-pred': needs exactly two models" in err


def test_save_names_its_argument(data, tmp_path):
    spec = ethiclens.AuditSpec.from_dict(_spec(data[0]))
    with pytest.raises(EthicLensInputError, match=r"^argument 'path': a config file is"):
        spec.save(tmp_path / "s.txt")


def test_save_config_on_the_cli_names_the_flag(data, tmp_path, capsys):
    argv = ["audit", data[0], "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    err = _error(capsys, [*argv, "--save-config", tmp_path / "s.txt"])
    assert "option '--save-config': a config file is" in err


def test_gate_names_its_baseline_argument(data, tmp_path):
    frame = data[1]
    result = ethiclens.audit(frame.y, frame.p, frame.g, n_boot=200, random_state=0)
    with pytest.raises(EthicLensInputError, match=r"^argument 'baseline': file .* does not"):
        result.gate(baseline=str(tmp_path / "nope.json"))


def test_baseline_on_the_cli_names_the_flag(data, tmp_path, capsys):
    argv = ["audit", data[0], "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    err = _error(capsys, [*argv, "--baseline", tmp_path / "nope.json"])
    assert "option '--baseline': file" in err


def test_a_compare_gate_names_model_a_not_a_baseline(tmp_path, capsys):
    rng = np.random.default_rng(0)
    n = 4000
    y = rng.integers(0, 2, n)
    sex = rng.choice(["F", "M"], n)
    b = np.where((sex == "F") & (rng.random(n) < 0.3), 1 - y, y)  # B errs on F only
    path = tmp_path / "cmp.csv"
    pd.DataFrame({"label": y, "A": y, "B": b, "sex": sex}).to_csv(path, index=False)
    argv = ["compare", path, "--y-true", "label", "--y-pred", "A", "--y-pred", "B"]
    assert main([str(a) for a in [*argv, "--protected", "sex=M", "--fail-on", "flagged"]]) == 1
    err = capsys.readouterr().err
    assert "model B is worse than model A (A)" in err and "--baseline" not in err


def test_an_empty_section_in_a_config_is_its_defaults(data, tmp_path, capsys):
    # `policy:` with every key commented out is YAML's null: the defaults, not a refusal
    cfg = tmp_path / "e1.yaml"
    cfg.write_text(f"target: {{file: {data[0]}}}\nroles: {{y_true: y, y_pred: p}}\npolicy:\n")
    argv = ["audit", "--config", str(cfg), "--protected", "g", "--n-boot", "100"]
    assert main(argv) == 0, capsys.readouterr().err


def test_pcer_audit_names_its_flags(tmp_path, capsys):
    rng = np.random.default_rng(2)
    paths = []
    for name in ("train", "test"):
        n = 400
        frame = pd.DataFrame(
            {"y": rng.integers(0, 2, n), "p": rng.integers(0, 2, n), "g": rng.choice(["a", "b"], n)}
        )
        paths += [f"--{name}", tmp_path / f"{name}.csv"]
        frame.to_csv(paths[-1], index=False)
    argv = ["pcer", "audit", *paths, "--y-true", "y", "--y-pred", "p", "--protected", "g"]
    assert "option '--eta'" in _error(capsys, [*argv, "--eta", "0"])
    assert "option '--group-order'" in _error(capsys, [*argv, "--group-order", "a"])


# -- misuse is a clear error -------------------------------------------------------------------
def test_a_dict_for_a_section_names_the_type():
    with pytest.raises(TypeError, match="'target' must be a Target, not dict"):
        ethiclens.AuditSpec(target={"file": "d.csv"})
    assert ethiclens.AuditSpec(target=Target(file="d.csv")).target.file == "d.csv"


def test_a_spec_with_arrays_after_it_is_refused(data):
    spec = ethiclens.AuditSpec.from_dict(_spec(data[0]))
    with pytest.raises(TypeError, match="the only positional argument"):
        ethiclens.audit(spec, [0, 1], [0, 1])


# -- a positive label the two columns write differently ----------------------------------------
@pytest.mark.parametrize("label", ["yes", "1"])
def test_pos_label_written_differently_names_both_columns(data, capsys, label):
    argv = ["audit", data[0], "--y-true", "y_text", "--y-pred", "p", "--protected", "g"]
    err = _error(capsys, [*argv, "--pos-label", label])
    assert "option '--pos-label': the columns write the positive label differently" in err
    assert "recode one column" in err
