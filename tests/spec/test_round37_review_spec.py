"""Round 37 review of the spec/_checks line cuts (ea8e3e5a, fb4ef86b, 6c447548, d61fcc62,
74ecb39e): the refusals whose texts were split into problem/fix pieces and rejoined, and
``to_dict(minimal=True)`` (now compared with a default section), pinned whole. No test named
these texts in full before; each passes on the commits' parent too (no behaviour changed)."""

from dataclasses import fields
from types import SimpleNamespace as NS

import numpy as np
import pandas as pd
import pytest

from ethiclens._checks import (
    check_config_size,
    check_seed,
    check_workers,
    decoded_bytes,
    split_list,
)
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec
from ethiclens.spec import _spec as spec_module
from ethiclens.spec import _target as target
from ethiclens.spec._unused import check_used

# non-default values in every section (a file target: the roles and benchmark keys agree)
FULL = {
    "target": {"file": "data.csv", "engine": "duckdb"},
    "roles": {
        "y_true": "t",
        "y_pred": ["p", "q"],
        "y_score": "s",
        "weight": "w",
        "protected": ["sex", "race"],
        "positive": "harmful",
    },
    "groups": {
        "bins": {"age": [0, 30, 60]},
        "merge": {"race": {"Other": ["A", "B"]}},
        "exclude": {"race": ["C"]},
    },
    "policy": {"n_boot": 300, "seed": 7, "di_threshold": 0.75, "ci": "percentile"},
    "model": {"name": "m", "version": "2", "intended_use": "x"},
    "outputs": {"html": "r.html", "json": "r.json"},
    "gate": {"baseline": "b.json"},
    "thresholds": {"step": 0.1},
}


def _fields_of(data: dict) -> dict:
    return {section: dict(sorted(values.items())) for section, values in data.items()}


def test_minimal_dict_keeps_every_non_default_value_of_every_section():
    minimal = AuditSpec.from_dict(FULL).to_dict(minimal=True)
    assert minimal.pop("version") == 1
    assert list(minimal) == list(FULL)  # every section, in the spec's order
    assert _fields_of(minimal) == _fields_of(FULL)
    # and the whole dict keeps every field, the minimal's values among them
    whole = AuditSpec.from_dict(FULL).to_dict()
    assert all(whole[s][k] == v for s, values in FULL.items() for k, v in values.items())
    assert {s: set(v) for s, v in whole.items() if s != "version"} == {
        name: {f.name for f in fields(kind)} for name, kind in spec_module._SECTIONS.items()
    }


def test_minimal_dict_drops_each_field_given_at_its_default():
    default = AuditSpec().to_dict()
    for section, values in default.items():
        if section == "version":
            continue
        for key, value in values.items():
            spec = AuditSpec.from_dict({section: {key: value}})
            assert spec.to_dict(minimal=True) == {"version": 1}, f"{section}.{key}"


def test_a_counts_table_for_another_run_is_refused_in_one_sentence():
    spec = AuditSpec.from_dict({"target": {"counts": "c.parquet"}})
    with pytest.raises(EthicLensInputError) as err:
        target._load_target(spec, "thresholds")
    assert err.value.problem == (
        "a counts table has no rows for a threshold view: only an audit reads one"
    )
    assert err.value.fix == ("run the threshold view on the file or database the counts came from")


def test_counts_refusals_rejoin_their_pieces():
    with pytest.raises(EthicLensInputError) as err:
        target._check_binned_when_counted(
            NS(groups=NS(bins={"age": [0, 30]})), {"age": [0, 25, 1234567]}
        )
    assert (err.value.problem, err.value.column, err.value.value) == (
        "the counts table was binned already when counted (age=0,25,1234567, recorded in its "
        "metadata)",
        "--bins",
        "age",
    )
    assert err.value.fix == (
        "drop --bins age=... (or give the table's own edges): the audit reports the table's bins"
    )
    table = pd.DataFrame({"y_true": [1], "n": [1]})
    table.attrs["ethiclens_columns"] = {"y_true": "label"}
    fix = (
        "drop {} (a counts table keeps the roles it was counted with), or count the data again "
        "with ethiclens counts"
    )
    for roles, flag, problem in (
        ({"y_true": "lbl"}, "--y-true", "the counts table was counted from column 'label'"),
        (
            {"weight": "w"},
            "--weight",
            "the counts table has no weight_sum column (it was counted without --weight)",
        ),
    ):
        given = {"y_true": None, "y_pred": (), "y_score": None, "weight": None, **roles}
        spec = NS(roles=NS(**given), target=NS(counts="c.parquet"))
        with pytest.raises(EthicLensInputError) as err:
            target._check_counts_options(spec, table)
        assert (err.value.problem, err.value.column) == (problem, flag)
        assert err.value.fix == fix.format(flag)


def test_weighted_counts_refusals_name_the_whole_fix():
    spec = NS(policy=NS(ci="bca"), roles=NS(weight="w"))
    with pytest.raises(EthicLensInputError) as err:
        target._refuse_resampling_counts(spec, "duckdb")
    assert err.value.fix == (
        "read the rows with pandas, e.g. --engine pandas (a database table: export it to "
        "Parquet or CSV first), or use the default jeffreys intervals, e.g. --ci jeffreys"
    )
    assert (err.value.column, err.value.value) == ("--ci", "bca")


def test_benchmark_model_refusals_rejoin_their_fixes():
    spec = NS(roles=NS(weight=None, y_pred=()), target=NS(score="model"))
    with pytest.raises(EthicLensInputError) as err:
        target._benchmark_models(spec, "adult", "compare")
    assert err.value.fix == (
        "compare a file or table with two prediction columns (--y-pred twice), or compas "
        "(model, decile)"
    )
    spec = NS(roles=NS(weight=None, y_pred=("model", "zzz")), target=NS(score="model"))
    with pytest.raises(EthicLensInputError) as err:
        target._benchmark_models(spec, "compas", "compare")
    assert (err.value.column, err.value.value) == ("--y-pred", "zzz")
    assert err.value.fix == (
        "use model or decile (the standard model); two models exist only for compas (model, "
        "decile), or compare a file of predictions"
    )


def test_two_predictions_for_the_threshold_view_are_refused_whole():
    spec = AuditSpec.from_dict({"roles": {"y_pred": ["a", "b"]}})
    with pytest.raises(EthicLensInputError) as err:
        check_used(spec, "thresholds")
    assert str(err.value) == (
        "key 'roles.y_pred': gives two models' predictions; the threshold view draws one "
        "model's scores (roles.y_pred: the predictions of its audited threshold) (value: "
        "['a', 'b']). Fix: keep the one y_pred of the model whose scores these are, or compare "
        "the two with ethiclens compare"
    )


def test_checks_refusals_rejoin_their_pieces(tmp_path):
    with pytest.raises(EthicLensInputError) as err:
        check_seed(np.random.default_rng(0))
    assert err.value.problem == (
        "must be a seed (a non-negative integer), not a numpy Generator: a spec and its report "
        "record the seed as a number, so the run can be repeated"
    )
    with pytest.raises(EthicLensInputError) as err:
        split_list("a,,b", "--x")
    assert err.value.fix == "separate items with single commas, e.g. a,b"
    big = tmp_path / "big.yaml"
    big.write_text("x" * 2000)
    with pytest.raises(EthicLensInputError) as err:
        check_config_size(big, "--config", 1000)
    assert err.value.problem == (
        "big.yaml is 2,000 bytes; a configuration file may have 1,000 at most"
    )
    with pytest.raises(EthicLensInputError) as err:
        decoded_bytes([b"caf\xc3\xa9", "café"], "g")
    assert err.value.problem == (
        "holds 'café' both as bytes (b'caf\\xc3\\xa9') and as text: two values, one name"
    )
    assert err.value.fix == (
        "convert the column to one type first (pandas: .str.decode('utf-8') turns bytes into text)"
    )


@pytest.mark.parametrize("workers", [0, True, 2.5, "3", np.int64(0)])
def test_workers_refusal_names_the_flag_or_the_argument(workers):
    with pytest.raises(EthicLensInputError) as cli:
        check_workers(workers, "one core", cli=True)
    with pytest.raises(EthicLensInputError) as api:
        check_workers(workers, "one core")
    assert (cli.value.column, cli.value.kind) == ("--workers", "option")
    assert (api.value.column, api.value.kind) == ("workers", "argument")
    for exc in (cli.value, api.value):
        assert exc.value is workers
        assert exc.fix.endswith(" (this machine's cores), or leave it out for one core")
    assert check_workers(np.int64(3)) == 3 and type(check_workers(np.int64(3))) is int
