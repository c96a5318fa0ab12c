"""Round 35 review (spec): leftovers of the spec's words and numbers.

- A float16 level, α, ε or δ is the number it prints as (0.05), not its float32 widening
  (0.049987793); ``ethiclens.run`` / ``AuditSpec.of`` read a float32 or float16 policy setting
  so too (``confidence_level=np.float32(0.9)`` was 0.8999999761581421 in the run's config,
  where ``ethiclens.audit`` wrote 0.9).
- ``spec.replace(roles={'y_pred': 5})`` said "key 'roles.y_pred': spec: must be ..." (a file's
  name where no file was read).
- ``ethiclens audit -`` said 'unknown dataset or file': standard input is not read."""

from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

from ethiclens import AuditSpec, _checks
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError


def test_a_float16_setting_is_the_number_it_prints_as():
    assert _checks.check_level(np.float16(0.95)) == 0.95
    assert _checks.check_fraction(np.float16(0.05), "--alpha") == 0.05  # the monitor's α
    assert _checks.check_di_threshold(np.float16(0.01)) == 0.01
    assert _checks.check_epsilon(np.float16(0.1)) == 0.1
    assert _checks.check_delta(np.float16(0.0001)) == 0.0001
    assert _checks.printed_float(np.float32(0.7)) == 0.7 and _checks.printed_float(2) == 2.0


@pytest.mark.parametrize("narrow", [np.float32, np.float16])
def test_a_spec_reads_a_narrow_float_setting_as_printed(narrow):
    spec = AuditSpec.of("d.csv", confidence_level=narrow(0.9), di_threshold=narrow(0.8))
    policy = spec.to_dict()["policy"]
    assert (policy["confidence_level"], policy["di_threshold"]) == (0.9, 0.8)
    again = AuditSpec.from_dict({"policy": {"eo_threshold": narrow(0.1)}})
    assert again.policy.eo_threshold == 0.1


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (
            lambda: AuditSpec.of("d.csv").replace(roles={"y_pred": 5}),
            "key 'roles.y_pred': must be a list or text (value: 5)",
        ),
        (lambda: AuditSpec.from_dict({"version": 1.0}), "key 'version': must be a whole number"),
    ],
)
def test_data_in_memory_is_not_named_as_a_file(make, said):
    with pytest.raises(EthicLensInputError) as info:
        make()
    assert str(info.value).startswith(said), str(info.value)


def test_a_config_file_is_still_named(tmp_path):
    config = tmp_path / "a.yaml"
    config.write_text("target: {file: d.csv}\nroles: {y_pred: 5}\n")
    with pytest.raises(EthicLensInputError, match="key 'roles.y_pred': a.yaml: must be"):
        AuditSpec.from_file(config)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["audit", "-", "--y-true", "y", "--y-pred", "p", "--protected", "g"], "argument 'TARGET'"),
        (["audit", "--counts", "-"], "option '--counts'"),
    ],
)
def test_standard_input_is_said_not_to_be_read(tmp_path, monkeypatch, capsys, args, named):
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {named}: file - does not exist (standard input is not read)")
    assert err.count("\n") == 1 and "save the data to a file first" in err, err
    assert "unknown dataset" not in err and not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("keywords", "fix"),
    [
        ({"confidence_level": Decimal("0.9")}, "a float, not a Decimal"),
        ({"n_boot": Decimal(200)}, "an int, not a Decimal"),
        ({"seed": Fraction(3)}, "an int, not a Fraction"),
        ({"di_threshold": np.array(0.8)}, "a float, not a 0-d numpy array"),
    ],
)
def test_a_number_of_another_type_is_told_the_type_to_pass(keywords, fix):
    """AuditSpec.of(confidence_level=Decimal('0.9')) said only 'must be a number strictly between
    0.5 and 1' of a value that is: the fix now names the type to pass."""
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.of("d.csv", **keywords)
    said = f"argument '{next(iter(keywords))}': must be "
    assert str(info.value).startswith(said) and f"Fix: pass it as {fix}; " in str(info.value)


@pytest.mark.parametrize(
    ("keywords", "said"),
    [
        ({"confidence_level": Decimal("NaN")}, "argument 'confidence_level': must be a number"),
        ({"n_boot": Decimal("sNaN")}, "argument 'n_boot': must be a whole number"),
        ({"pos_label": Decimal("NaN")}, "argument 'pos_label': must be a finite number"),
        ({"bins": {"age": [Decimal("NaN"), 3]}}, "argument 'bins': bin edges must be"),
    ],
)
def test_a_decimal_nan_is_refused_not_an_invalid_operation(keywords, said):
    """AuditSpec.of(confidence_level=Decimal('NaN')) raised decimal.InvalidOperation from the
    schema's comparison (a pos_label of Decimal('NaN') was kept, unlike float NaN)."""
    with pytest.raises(EthicLensInputError) as info:
        AuditSpec.of("d.csv", **keywords)
    assert str(info.value).startswith(said), str(info.value)


@pytest.mark.parametrize(
    ("flag", "fix"),
    [("--confidence-level", "e.g. 0.95 (the default) or 0.99"), ("--step", "e.g. 0.05")],
)
def test_a_number_option_mistyped_is_shown_its_own_example(capsys, flag, fix):
    """`audit compas --confidence-level 95%` said 'Fix: give a number (e.g. 0.5)': 0.5 is
    refused as a confidence level."""
    command = "thresholds" if flag == "--step" else "audit"
    assert main([command, "compas", flag, "95%"]) == 2
    err = capsys.readouterr().err
    # round 49: the setting's own words, with its range (was "'95%' is not a valid float")
    assert err.startswith(f"error: option '{flag}': must be a number "), err
    assert err.endswith(f" (value: '95%'). Fix: {fix}\n"), err


@pytest.mark.parametrize(
    ("edges", "read"),
    [
        ([0, np.float32(65.1), 120], (0, 65.1, 120)),
        (np.linspace(0, 120, 4), (0.0, 40.0, 80.0, 120.0)),
        (np.array([0, 65.1, 120], dtype=np.float32), (0.0, 65.1, 120.0)),
        (np.arange(0, 100, 50), (0, 50)),
    ],
)
def test_bin_edges_are_read_as_the_engine_reads_them(edges, read):
    """ethiclens.run(..., bins={'age': [0, np.float32(65.1), 120]}) labelled its group
    '[0, 65.0999984741211)' where ethiclens.audit says '[0, 65.1)', and refused the edges
    np.linspace(0, 120, 4) that audit takes ('must be a list, not a numpy array')."""
    spec = AuditSpec.of("d.csv", bins={"age": edges})
    assert spec.groups.bins["age"] == read
    assert AuditSpec.from_dict(spec.to_dict()) == spec


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda: AuditSpec.of("d.csv", json=5), "argument 'json': must be text or null"),
        (lambda: AuditSpec.from_dict({"model": {"version": 2.1}}), "key 'model.version': must"),
    ],
)
def test_a_python_caller_is_not_told_to_quote_yaml(make, said):
    """AuditSpec.of('d.csv', json=5) said 'Fix: quote it so it reads as text, not a number or
    true/false: json: "5"' (a YAML file's fix) to a Python caller."""
    with pytest.raises(EthicLensInputError) as info:
        make()
    text = str(info.value)
    assert text.startswith(said) and "quote" not in text and "Fix: pass it as text ('" in text
