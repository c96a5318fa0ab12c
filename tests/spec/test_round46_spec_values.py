"""Round 46 (from the cfg hunt): the spec's refusals of odd values.

- a Python int past ``str()``'s 4,300 digits crashed the schema check with ValueError;
- a list where one column is meant said only "give one value, not a list";
- ``NaN`` in a YAML file was told "write the number without quotes: NaN";
- ``n_boot: 1e-400`` was told "give a number (e.g. 0.5)", a fraction for a whole number;
- ``min_group_size: 1e3`` was told it has a decimal point;
- ``protected: {'': a}`` was shown as ``'="a"'``, text nobody wrote."""

import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec


@pytest.fixture
def data_file(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("y,p,g\n1,1,a\n0,1,b\n1,0,a\n0,0,b\n")
    return path


def _config(tmp_path, data_file, text):
    path = tmp_path / "c.yaml"
    path.write_text(f"target: {{file: {data_file}}}\n{text}\n")
    return str(path)


def _refusal(path):
    with pytest.raises(EthicLensInputError) as caught:
        AuditSpec.from_file(path)
    return str(caught.value)


@pytest.mark.parametrize("keyword", ["n_boot", "seed", "min_group_size", "di_threshold"])
def test_an_int_past_the_text_limit_is_refused_shortened(data_file, keyword):
    with pytest.raises(EthicLensInputError, match=rf"argument '{keyword}'") as caught:
        ethiclens.run(str(data_file), y_true="y", y_pred="p", protected="g", **{keyword: 10**5000})
    assert "(5,001 digits)" in str(caught.value)


def test_a_long_int_reference_group_is_shown_shortened(data_file):
    with pytest.raises(EthicLensInputError, match="unknown reference group") as caught:
        ethiclens.run(str(data_file), y_true="y", y_pred="p", protected={"g": 10**5000})
    assert "(5,001 digits)" in str(caught.value)


@pytest.mark.parametrize(
    "roles, fix",
    [
        ("y_true: [y]", "give one value, not a list: y_true: y"),
        ("y_true: ['a b', y]", 'give one value, not a list, e.g. y_true: "a b"'),
        ("y_true: [3]", 'give one value, not a list: y_true: "3"'),
        ("y_true: y, weight: [w]", "give one value, not a list: weight: w"),
    ],
)
def test_a_list_for_one_column_says_what_to_write(tmp_path, data_file, roles, fix):
    path = _config(tmp_path, data_file, f"roles: {{y_pred: p, protected: [g], {roles}}}")
    assert f"Fix: {fix}" in _refusal(path)


@pytest.mark.parametrize("written", ["NaN", "Infinity"])
def test_a_non_finite_text_is_not_told_to_lose_its_quotes(tmp_path, data_file, written):
    path = _config(
        tmp_path,
        data_file,
        f"roles: {{y_pred: p, protected: [g], y_true: y}}\npolicy: {{di_threshold: {written}}}",
    )
    message = _refusal(path)
    assert "without quotes" not in message and "Fix: e.g. 0.8" in message


@pytest.mark.parametrize(
    "key, fix",
    [
        ("n_boot", "leave it out for the default"),
        ("seed", "use e.g. 0"),
        ("min_group_size", "e.g. 50"),
    ],
)
def test_an_underflow_of_a_whole_number_key_gets_its_own_fix(tmp_path, data_file, key, fix):
    path = _config(
        tmp_path,
        data_file,
        f"roles: {{y_pred: p, protected: [g], y_true: y}}\npolicy: {{{key}: 1e-400}}",
    )
    message = _refusal(path)
    assert "underflows to 0" in message and f"Fix: {fix}" in message and "0.5" not in message


def test_a_whole_number_with_an_exponent_is_said_so(tmp_path, data_file):
    path = _config(
        tmp_path,
        data_file,
        "roles: {y_pred: p, protected: [g], y_true: y}\npolicy: {min_group_size: 1e3}",
    )
    assert "written without an exponent (value: '1e3'). Fix: give 1000" in _refusal(path)


@pytest.mark.parametrize("mapping", ["{'': a}", "{'': null}", "{' ': a}"])
def test_a_blank_column_in_a_protected_mapping_is_named_as_given(tmp_path, data_file, mapping):
    path = _config(tmp_path, data_file, f"roles: {{y_pred: p, y_true: y, protected: {mapping}}}")
    message = _refusal(path)
    assert "key 'roles.protected': must not be empty (value: {" in message
    assert '="' not in message


@pytest.mark.parametrize("written", ["2.10", "1e5"])
def test_a_number_item_for_a_text_field_is_spelled_as_written(tmp_path, data_file, written):
    path = _config(
        tmp_path, data_file, f"roles: {{y_pred: p, protected: [g], y_true: [{written}]}}"
    )
    assert f'Fix: give one value, not a list: y_true: "{written}"' in _refusal(path)
