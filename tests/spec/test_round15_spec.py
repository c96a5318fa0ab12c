"""Round 15: a spec never holds what JSON cannot write (NaN bin edges and the like are refused
when it is made, in the run's words, and ``save`` writes strict JSON); an unknown key suggests
the key it stands for in another section or under another face's name; a seed is below 2**32
for every target."""

import json
import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens import AuditSpec, EthicLensInputError
from ethiclens.cli import main

BINS_WORDS = "bin edges must be at least two finite numbers in increasing order"
ROLES = dict(y_true="label", y_pred="pred", protected=["age"])


def cli(args, capsys) -> tuple[int, str]:
    code = main([str(a) for a in args])
    return code, capsys.readouterr().err


@pytest.fixture
def csv(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = np.random.default_rng(0)
    n = 600
    frame = pd.DataFrame(
        {
            "label": r.integers(0, 2, n),
            "pred": r.integers(0, 2, n),
            "race": r.choice(["A", "B", "C"], n),
            "age": r.integers(18, 80, n),
        }
    )
    frame.to_csv(tmp_path / "d.csv", index=False)
    return "d.csv"


# -- 1. bin edges (and every float) are checked when the spec is made ------------------------
@pytest.mark.parametrize(
    "edges", [[0, math.nan, 120], [0, math.inf], [-math.inf, 50, 120], [0, 60, 30], [0, 50, 50]]
)
def test_bad_bin_edges_are_refused_by_of_in_the_runs_words(csv, edges):
    with pytest.raises(EthicLensInputError) as made:
        AuditSpec.of(csv, bins={"age": edges}, **ROLES)
    assert str(made.value).startswith(f"argument 'bins': {BINS_WORDS}")
    assert "Fix: e.g. 0,25,45,65,120" in str(made.value)
    with pytest.raises(EthicLensInputError) as from_dict:
        AuditSpec.from_dict({"groups": {"bins": {"age": edges}}})
    assert str(from_dict.value).partition(":")[2] == str(made.value).partition(":")[2]
    with pytest.raises(EthicLensInputError) as ran:  # the run's own words: the same message
        ethiclens.run(csv, bins={"age": edges}, n_boot=200, **ROLES)
    assert f"argument 'bins': {BINS_WORDS}" in str(ran.value)


def test_a_json_file_with_a_nan_edge_is_refused_when_read(csv, tmp_path, capsys):
    path = tmp_path / "nan.json"
    path.write_text('{"target": {"file": "d.csv"}, "groups": {"bins": {"age": [0, NaN, 120]}}}')
    with pytest.raises(EthicLensInputError, match=f"key 'groups.bins': {BINS_WORDS}"):
        AuditSpec.from_file(path)
    yaml_path = tmp_path / "nan.yaml"
    yaml_path.write_text("groups:\n  bins:\n    age: [0, .nan, 120]\n")
    code, err = cli(["audit", "--config", yaml_path], capsys)
    assert code == 2
    assert f"key 'groups.bins': {BINS_WORDS}" in err


def test_good_bin_edges_still_load_and_save_as_strict_json(csv, tmp_path):
    spec = AuditSpec.of(csv, bins={"age": [0, 40.5, 120]}, **ROLES)
    saved = spec.save(tmp_path / "s.json")
    data = json.loads(saved.read_text(), parse_constant=lambda c: pytest.fail(c))
    assert data["groups"]["bins"] == {"age": [0, 40.5, 120]}
    assert AuditSpec.from_file(saved) == spec


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_non_finite_pos_label_is_refused_naming_its_key(value):
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.of("d.csv", pos_label=value)
    assert str(err.value).startswith("argument 'pos_label': must be a finite number")
    assert "Fix: give a finite number" in str(err.value)


def test_save_writes_strict_json_only(tmp_path, monkeypatch):
    """Should a non-finite number ever get past the checks, save refuses to write it (JSON has
    no spelling for it) rather than write a file no JSON reader reads."""
    spec = AuditSpec.of("d.csv", pos_label=1.5)
    real = AuditSpec.to_dict
    monkeypatch.setattr(
        AuditSpec, "to_dict", lambda self, **kw: {**real(self, **kw), "x": math.nan}
    )
    with pytest.raises(ValueError, match="JSON compliant"):
        spec.save(tmp_path / "s.json")
    with pytest.raises(ValueError, match="JSON compliant"):
        spec.to_json()
    assert not (tmp_path / "s.json").exists()


# -- 2. an unknown key suggests the key it stands for ----------------------------------------
@pytest.mark.parametrize(
    "data, meant",
    [
        ({"policy": {"fail_on": "flagged"}}, "gate.fail_on"),
        ({"groups": {"merge_groups": {}}}, "groups.merge"),
        ({"policy": {"random_state": 1}}, "policy.seed"),
        ({"policy": {"min_label_count": 3}}, "policy.min_labels"),
        ({"roles": {"sample_weight": "w"}}, "roles.weight"),
        ({"roles": {"positive_is_favorable": True}}, "roles.positive"),
        ({"gate": {"seed": 1}}, "policy.seed"),
        ({"model": {"model_name": "m"}}, "model.name"),  # the flag --model-name
        ({"groups": {"exclude-group": {}}}, "groups.exclude"),  # the flag --exclude-group
        ({"n_boot": 500}, "policy.n_boot"),  # a field at the top
    ],
)
def test_an_unknown_key_suggests_the_key_it_stands_for(data, meant):
    with pytest.raises(EthicLensInputError) as err:
        AuditSpec.from_dict(data)
    section, value = next(iter(data.items()))
    key = f"{section}.{next(iter(value))}" if isinstance(value, dict) else section
    start = f"key '{key}': unknown key. Fix: did you mean '{meant}'? valid:"
    assert str(err.value).startswith(start)


def test_a_near_miss_in_the_section_is_still_suggested():
    with pytest.raises(EthicLensInputError, match="did you mean 'policy.n_boot'\\? valid:"):
        AuditSpec.from_dict({"policy": {"n_bot": 500}})


def test_a_config_files_misplaced_key_is_named_with_its_section(tmp_path, capsys):
    path = tmp_path / "c.yaml"
    path.write_text("target: {dataset: compas}\npolicy: {fail_on: flagged}\n")
    code, err = cli(["audit", "--config", path], capsys)
    assert code == 2
    assert "key 'policy.fail_on': unknown key. Fix: did you mean 'gate.fail_on'?" in err


# -- 3. one seed range for every target ------------------------------------------------------
SEED_WORDS = "must be below 4,294,967,296"


@pytest.mark.parametrize("seed", [2**32, 2**64])
def test_a_file_targets_seed_is_below_2_32_as_a_benchmarks(csv, seed, capsys):
    args = ["audit", csv, "--y-true", "label", "--y-pred", "pred", "--protected", "race"]
    code, err = cli([*args, "--seed", seed], capsys)
    assert code == 2
    assert f"option '--seed': {SEED_WORDS} (value: {seed})" in err
    for keyword in ("seed", "random_state"):
        with pytest.raises(EthicLensInputError) as err:
            ethiclens.run(csv, n_boot=200, **{keyword: seed}, **ROLES)
        assert str(err.value).startswith(f"argument '{keyword}': {SEED_WORDS}")
    with pytest.raises(EthicLensInputError, match=f"key 'policy.seed': {SEED_WORDS}"):
        AuditSpec.from_dict({"policy": {"seed": seed}})


def test_the_largest_seed_is_taken_and_the_schema_says_the_range():
    assert AuditSpec.of("d.csv", seed=2**32 - 1).policy.seed == 2**32 - 1
    schema = ethiclens.spec.spec_schema()["properties"]["policy"]["properties"]["seed"]
    assert (schema["minimum"], schema["maximum"]) == (0, 2**32 - 1)


# -- 4. ethiclens counts bins a continuous attribute (the library bins the counts) -----------
def test_counts_bins_a_continuous_attribute_as_the_audit_does(csv, tmp_path, capsys):
    args = ["counts", csv, "--y-true", "label", "--y-pred", "pred", "--protected", "age"]
    code, err = cli([*args, "--out", "c.parquet"], capsys)
    assert code == 2 and "column 'age': looks continuous" in err  # as before, without --bins
    bins = ["--bins", "age=0,30,50,120"]
    assert cli([*args, "--protected", "race", *bins, "--out", "c.parquet"], capsys)[0] == 0
    table = pd.read_parquet("c.parquet")
    assert sorted(set(table["age"])) == ["[0, 30)", "[30, 50)", "[50, 120]"]
    from_counts = ethiclens.run(AuditSpec.of(counts="c.parquet", n_boot=200))
    roles = dict(y_true="label", y_pred="pred", protected=["age", "race"], n_boot=200)
    from_rows = ethiclens.run(csv, bins={"age": [0, 30, 50, 120]}, **roles)
    counted, read = from_counts.to_dict()["comparisons"], from_rows.to_dict()["comparisons"]
    assert [(c["group"], c["n"]) for c in counted] == [(c["group"], c["n"]) for c in read]
    assert [c["metrics"]["disparate_impact"]["value"] for c in counted] == pytest.approx(
        [c["metrics"]["disparate_impact"]["value"] for c in read]
    )


@pytest.mark.parametrize(
    "edges, words",
    [
        ("age=0,nan", f"option '--bins': {BINS_WORDS}"),
        ("race=0,1", "option '--bins': bins an attribute that is not audited"),
        ("age=30,50", "column 'age': "),  # rows outside the edges, as the audit refuses them
    ],
)
def test_counts_refuses_bad_bins_naming_the_flag(csv, capsys, edges, words):
    args = ["counts", csv, "--y-pred", "pred", "--protected", "age", "--bins", edges]
    code, err = cli([*args, "--out", "c.parquet"], capsys)
    assert code == 2 and err.startswith(f"error: {words}")
    assert not (Path(csv).parent / "c.parquet").exists()
