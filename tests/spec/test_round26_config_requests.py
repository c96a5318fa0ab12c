"""Round 26: config requests and ``ethiclens.run(path)``.

- ``run("d.json")`` parsed a whole JSON file to tell a spec from a data table: a JSON table of
  megabytes was read (and built as Python objects) twice. The decision now reads at most a
  config file's size; a larger file is judged by its opening's top-level keys, and a spec too
  large for --config is still refused with --config's size message.
- A table pandas wrote with its default ``df.to_json()`` (each column an object of row labels)
  with a column named ``target`` was taken for a spec (``key 'g': unknown key``), where the
  command line audits it as data.
- A reference group the data lacks was named ``column 'sex'`` on every face (a column that
  exists); it names the key that gave it (``roles.protected.sex``), the flag (--protected) or
  the keyword (protected, reference), and the attribute in its words.
- ``AuditSpec(version=1.0)`` was accepted, and saved a config that --config refuses.
"""

from __future__ import annotations

import json
import tracemalloc

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec, Target
from ethiclens.spec._run import is_target


def _message(call) -> str:
    with pytest.raises(EthicLensInputError) as caught:
        call()
    return str(caught.value)


def _frame(n: int = 400) -> pd.DataFrame:
    rng = np.random.default_rng(0)
    return pd.DataFrame(
        {
            "target": rng.integers(0, 2, n),
            "p": rng.integers(0, 2, n),
            "sex": rng.choice(["F", "M"], n),
        }
    )


# -- run(path): a spec or a data table --------------------------------------------------------
def test_a_pandas_column_table_with_a_target_column_is_data(tmp_path, capsys):
    path = tmp_path / "d.json"
    _frame().to_json(path)  # pandas' default: {"target": {"0": 1, ...}, "p": {...}, ...}
    roles = {"y_true": "target", "y_pred": "p", "protected": ["sex"], "n_boot": 100}
    result = ethiclens.run(str(path), **roles)
    flags = ["--y-true", "target", "--y-pred", "p", "--protected", "sex", "--n-boot", "100"]
    assert main(["audit", str(path), *flags]) == 0
    assert result.attributes[0].name == "sex"
    capsys.readouterr()


@pytest.mark.parametrize(
    "text",
    [
        '{"target": {}}',  # an empty target: the spec's refusal
        '{"target": {"datset": "compas"}}',  # a slip in a target key
        '{"target": {"dataset": "compas"}, "policy": {"n_boot": 100},}',  # a trailing comma
    ],
)
def test_a_spec_is_still_read_as_a_spec(tmp_path, text):
    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8")
    assert not is_target(str(path))


def test_a_large_json_table_is_judged_from_its_opening(tmp_path):
    rng = np.random.default_rng(1)
    n = 300_000
    rows = [{"y": int(a), "g": "ab"[int(b)]} for a, b in rng.integers(0, 2, (n, 2))]
    path = tmp_path / "big.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    assert path.stat().st_size > 5_000_000
    tracemalloc.start()
    try:
        assert is_target(str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * path.stat().st_size / 3, peak  # parsed whole: many times its size


def test_a_too_large_spec_keeps_the_config_size_message(tmp_path):
    path = tmp_path / "big.json"
    spec = {"version": 1, "target": {"file": "d.csv"}, "roles": {"protected": ["g"] * 200_000}}
    path.write_text(json.dumps(spec, indent=1), encoding="utf-8")
    message = _message(lambda: ethiclens.run(str(path)))
    assert "a configuration file may have 1,000,000 at most" in message, message


def test_a_large_table_with_a_target_column_first_is_data(tmp_path):
    path = tmp_path / "big.json"
    _frame(60_000).to_json(path)  # {"target": {"0": 1, ...  past a config's size
    assert path.stat().st_size > 1_000_000
    assert is_target(str(path))
    nested = tmp_path / "nested.json"  # a "target" key below the top level
    nested.write_text('{"x": {"target": {"file": "d.csv"}}, "pad": "' + "z" * 1_100_000 + '"}')
    assert is_target(str(nested))


# -- a reference group the data lacks ---------------------------------------------------------
@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _frame().rename(columns={"target": "y"}).to_csv(tmp_path / "d.csv", index=False)
    return tmp_path / "d.csv"


def _config(tmp_path, protected) -> str:
    spec = {
        "version": 1,
        "target": {"file": "d.csv"},
        "roles": {"y_true": "y", "y_pred": "p", "protected": protected},
        "policy": {"n_boot": 100},
    }
    path = tmp_path / "c.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("engine", ["pandas", "duckdb"])
def test_a_config_reference_group_is_named_by_its_key(data, tmp_path, capsys, engine):
    config = _config(tmp_path, {"sex": "X"})
    message = _message(lambda: ethiclens.run(config, engine=engine))
    assert message.startswith("key 'roles.protected.sex': unknown reference group of 'sex'")
    assert "Fix: use one of F, M" in message
    assert main(["audit", "--config", config, "--engine", engine]) == 2
    err = capsys.readouterr().err
    assert "key 'roles.protected" in err and "of 'sex'" in err and "column 'sex'" not in err


def test_a_flag_or_keyword_reference_group_is_named_as_given(data, capsys):
    base = ["audit", "d.csv", "--y-true", "y", "--y-pred", "p", "--n-boot", "100"]
    assert main([*base, "--protected", "sex=X"]) == 2
    err = capsys.readouterr().err
    assert "option '--protected': unknown reference group of 'sex'" in err, err
    run = {"y_true": "y", "y_pred": "p", "n_boot": 100}
    message = _message(lambda: ethiclens.run("d.csv", protected={"sex": "X"}, **run))
    assert message.startswith("argument 'protected': unknown reference group of 'sex'")
    given = {"protected": ["sex"], "reference": {"sex": "X"}}
    message = _message(lambda: ethiclens.run("d.csv", **given, **run))
    assert message.startswith("argument 'reference': unknown reference group of 'sex'")


# -- the version ------------------------------------------------------------------------------
def test_a_spec_made_with_a_float_version_is_refused(tmp_path):
    message = _message(lambda: AuditSpec(target=Target(dataset="compas"), version=1.0))
    assert message.startswith("key 'version': must be a whole number (value: 1.0)")
    assert AuditSpec(target=Target(dataset="compas"), version=1).version == 1


# -- a whole number written with a decimal point ----------------------------------------------
@pytest.mark.parametrize(
    ("text", "key", "give"),
    [
        ("policy: {seed: 7.0}", "policy.seed", "give 7"),  # was 'use e.g. 0': another seed
        ("policy: {min_group_size: 100.0}", "policy.min_group_size", "give 100"),
        ("policy: {n_boot: 1e3}", "policy.n_boot", "give 1000"),
        ("target: {dataset: acs-income, year: 2018.0}", "target.year", "give 2018"),
    ],
)
def test_a_whole_number_with_a_decimal_point_names_the_number_to_give(tmp_path, text, key, give):
    path = tmp_path / "c.yaml"
    path.write_text(f"version: 1\n{text}\n", encoding="utf-8")
    if "target" not in text:
        path.write_text(f"version: 1\ntarget: {{dataset: compas}}\n{text}\n", encoding="utf-8")
    message = _message(lambda: AuditSpec.from_file(path))
    # round 46: 1e3 has no decimal point; it is told to drop its exponent
    without = "an exponent" if "e3" in text else "a decimal point"
    assert message.startswith(f"key '{key}': must be a whole number, written without {without}")
    assert message.endswith(f"Fix: {give}"), message


def test_a_whole_float_the_field_refuses_anyway_gets_its_range():
    message = _message(lambda: AuditSpec.from_dict({"policy": {"n_boot": 50.0}}))
    assert "from 100 to 1,000,000" in message
    message = _message(lambda: ethiclens.run("compas", seed=7.0))
    assert message == (
        "argument 'seed': must be a whole number, written without a decimal point (value: 7.0). "
        "Fix: give 7"
    )


# -- a value of the wrong shape: the fix spells the right one ---------------------------------
@pytest.mark.parametrize(
    ("text", "fix"),
    [
        # was: write true/false; round 46: the one item spelled
        ("roles: {pos_label: [1]}", "Fix: give one value, not a list: pos_label: 1"),
        ("roles: {pos_label: {a: 1}}", "Fix: give one value, not a mapping"),
        ("groups: {bins: {age: '0,10,20'}}", "Fix: write a list: age: [0, 10, 20]"),
        ("groups: {exclude: {sex: F}}", 'Fix: write a list: sex: ["F"]'),
    ],
)
def test_a_value_of_the_wrong_shape_gets_a_fix_that_spells_the_right_one(tmp_path, text, fix):
    path = tmp_path / "c.yaml"
    path.write_text(f"version: 1\ntarget: {{file: d.csv}}\n{text}\n", encoding="utf-8")
    message = _message(lambda: AuditSpec.from_file(path))
    assert message.endswith(fix), message


# -- run(spec file): a refusal naming two keys calls them keys --------------------------------
def test_a_refusal_of_two_keys_of_a_spec_file_names_them_as_keys(data, tmp_path):
    path = tmp_path / "k.yaml"
    path.write_text("version: 1\ntarget: {file: d.csv}\nroles: {y_true: y}\n", encoding="utf-8")
    message = _message(lambda: ethiclens.run(str(path)))
    assert message.startswith("key 'roles.y_pred/roles.protected': an audit needs"), message
    message = _message(lambda: ethiclens.run("d.csv", y_true="y"))  # keywords: arguments
    assert message.startswith("argument 'y_pred/protected': an audit needs"), message


# -- no traceback for a mapping of the wrong shape --------------------------------------------
@pytest.mark.parametrize("bins", ["[0, 10]", "5", "'age=0,10'"])
def test_bins_that_are_not_a_mapping_are_refused_not_a_traceback(tmp_path, capsys, bins):
    path = tmp_path / "c.yaml"
    path.write_text(f"version: 1\ntarget: {{file: d.csv}}\ngroups: {{bins: {bins}}}\n")
    assert main(["audit", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: key 'groups.bins': must be a mapping of each attribute"), err
    assert "Fix: e.g. {age: [0, 25, 45, 65, 120]}" in err


def test_a_mapping_with_keys_of_two_types_is_refused_not_a_traceback():
    # a frame's integer column beside a named one (TypeError: '<' between int and str)
    data = {"target": {"file": "d.csv"}, "groups": {"exclude": {0: "a", "sex": "F"}}}
    assert "key 'groups.exclude.0': must be a list" in _message(lambda: AuditSpec.from_dict(data))


def test_the_schema_bounds_the_floors_as_the_loader_does():
    import jsonschema

    from ethiclens.spec import spec_schema

    data = {"target": {"file": "d.csv"}, "policy": {"min_labels": 2**53 + 1}}
    assert not jsonschema.Draft202012Validator(spec_schema()).is_valid(data)
    assert "of at most 9,007,199,254,740,992" in _message(lambda: AuditSpec.from_dict(data))


# -- a spec's outputs are said unwritten by a Python call -------------------------------------
def test_a_python_run_of_a_spec_with_outputs_says_they_are_not_written(data, tmp_path):
    path = tmp_path / "o.yaml"
    path.write_text(
        "version: 1\ntarget: {file: d.csv}\nroles: {y_true: y, y_pred: p, protected: [sex]}\n"
        "policy: {n_boot: 100}\noutputs: {html: o.html, json: o.json}\n",
        encoding="utf-8",
    )
    said = "outputs.json, outputs.html not written: a Python call returns its result"
    with pytest.warns(UserWarning, match=said) as caught:
        ethiclens.run(str(path))
    assert "result.to_html('o.html')" in str(caught[0].message)
    with pytest.warns(UserWarning, match=said):
        ethiclens.audit(str(path))
    assert not (tmp_path / "o.html").exists()
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ethiclens.run("d.csv", y_true="y", y_pred="p", protected=["sex"], n_boot=100)


def test_audit_counts_reads_a_json_spec_as_a_spec(data, tmp_path, capsys):
    counts = ["counts", "d.csv", "--y-true", "y", "--y-pred", "p", "--protected", "sex"]
    assert main([*counts, "--out", "c.csv"]) == 0
    capsys.readouterr()
    spec = {"version": 1, "target": {"counts": "c.csv"}, "roles": {"protected": ["sex"]}}
    (tmp_path / "s.json").write_text(json.dumps({**spec, "policy": {"n_boot": 100}}))
    # was read as a counts table: "column 'y_pred': missing from the counts table"
    result = ethiclens.audit_counts(str(tmp_path / "s.json"))
    assert result.run["spec"]["target"]["counts"] == "c.csv"
    assert ethiclens.audit_counts("c.csv", n_boot=100).attributes[0].name == "sex"
