"""A config's plain YAML values follow YAML 1.2's core schema (round 10): a date, a timestamp,
``<<`` and ``=`` are text, as the CLI reads them, while duplicate keys, aliases and Python tags
are still refused; a number where text is asked is quoted in the fix as the file wrote it."""

import re

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import read_config_file
from ethiclens.spec import AuditSpec


def _read(tmp_path, text: str):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    return read_config_file(path, "--config")


def _periods(tmp_path):
    rng = np.random.default_rng(0)
    periods = ["2024-01-01", "2024-02-01", "2024-03-01"]
    frame = pd.DataFrame(
        {
            "y": rng.integers(0, 2, 900),
            "p": rng.integers(0, 2, 900),
            "period": np.repeat(periods, 300),
        }
    )
    frame.to_csv(tmp_path / "dt.csv", index=False)
    return tmp_path / "dt.csv"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("a: 2024-01-01\n", "2024-01-01"),
        ("a: 2024-01-01 10:00:00\n", "2024-01-01 10:00:00"),
        ("a: 2001-12-14t21:59:43.10-05:00\n", "2001-12-14t21:59:43.10-05:00"),
        ("a: =\n", "="),
        ("a: yes\n", "yes"),
        ("a: 1:20\n", "1:20"),
    ],
)
def test_plain_values_that_yaml_1_1_read_otherwise_are_text(tmp_path, text, value):
    assert _read(tmp_path, text) == {"a": value}


def test_a_merge_key_is_a_key_named_lt_lt_not_a_merge(tmp_path):
    assert _read(tmp_path, "a:\n  <<: {b: 1}\n  c: 2\n") == {"a": {"<<": {"b": 1}, "c": 2}}


def test_a_merge_key_in_a_spec_is_an_unknown_key(tmp_path, capsys):
    config = tmp_path / "m.yaml"
    config.write_text("version: 1\ntarget: {dataset: compas}\nroles:\n  <<: {y_true: y}\n")
    assert main(["audit", "--config", str(config)]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith("error: key 'roles.<<': unknown key. Fix: ")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("a: 1\na: 2\n", "the key 'a' is given twice"),
        ("a: &x 1\nb: *x\n", "uses the YAML alias *x"),
        (
            "a: !!python/object/apply:os.system [echo]\n",
            "uses the YAML tag !!python/object/apply:os.system",
        ),
        ("a: 0400\n", "has a leading zero"),
    ],
)
def test_what_reads_other_than_it_looks_is_still_refused(tmp_path, text, words):
    with pytest.raises(EthicLensInputError, match=re.escape(words)):
        _read(tmp_path, text)


@pytest.mark.parametrize(
    "groups",
    [
        "roles: {y_true: y, y_pred: [p], protected: {period: 2024-01-01}}\n",
        "roles: {y_true: y, y_pred: [p], protected: [period]}\n"
        "groups: {exclude: {period: [2024-03-01]}}\n",
        "roles: {y_true: y, y_pred: [p], protected: [period]}\n"
        "groups: {merge: {period: {Q1: [2024-01-01, 2024-02-01]}}}\n",
    ],
)
def test_a_date_group_in_a_config_reads_as_the_cli_reads_it(tmp_path, groups):
    data = _periods(tmp_path)
    config = tmp_path / "dt.yaml"
    config.write_text(f"version: 1\ntarget: {{file: {data}}}\n{groups}policy: {{n_boot: 200}}\n")
    result = ethiclens.run(config)
    names = set(result.by_group().index.get_level_values("group"))
    assert names in ({"2024-01-01", "2024-02-01", "2024-03-01"}, {"2024-01-01", "2024-02-01"},
                     {"Q1", "2024-03-01"})  # fmt: skip


def test_a_date_model_version_is_text(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text("version: 1\ntarget: {dataset: compas}\nmodel: {version: 2024-01-01}\n")
    assert AuditSpec.from_file(path).model.version == "2024-01-01"


@pytest.mark.parametrize(
    ("written", "quoted"), [("2.10", "2.10"), ("1e3", "1e3"), ("2.0", "2.0"), ("+5", "+5")]
)
def test_a_number_where_text_is_asked_is_quoted_as_written(tmp_path, capsys, written, quoted):
    # model.name takes text only; model.version text or a whole number
    config = tmp_path / "v.yaml"
    key = "version" if "." in written or "e" in written else "name"
    config.write_text(f"version: 1\ntarget:\n  dataset: compas\nmodel:\n  {key}: {written}\n")
    assert main(["audit", "--config", str(config)]) == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.startswith(f"error: key 'model.{key}'")
    assert said.endswith(f'not a number or true/false: {key}: "{quoted}"')


def test_a_number_kept_with_its_text_is_saved_as_the_number(tmp_path):
    config = tmp_path / "c.yaml"
    config.write_text("version: 1\ntarget: {dataset: compas}\npolicy: {di_threshold: 0.70}\n")
    spec = AuditSpec.from_file(config)
    assert spec.policy.di_threshold == 0.7
    spec.save(tmp_path / "out.yaml")
    assert "di_threshold: 0.7\n" in (tmp_path / "out.yaml").read_text()
    assert AuditSpec.from_file(tmp_path / "out.yaml") == spec
