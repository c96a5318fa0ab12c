"""Round 49 (review of the Python API, Python's bare TypeError for a misspelt keyword): the
input classes and entry points a user builds or calls from each subpackage (p2nia.AuditRequest,
AuditedModel, read_request, write_release, ...) said only "AuditRequest.__init__() got an
unexpected keyword argument 'protectd'" (no near miss, no EthicLensInputError), where audit(),
Policy and AuditSpec refuse a keyword they do not take with one UnknownKeywordError, still a
TypeError, naming the keyword meant."""

from __future__ import annotations

import inspect

import pytest

import ethiclens
from ethiclens import (
    datasets,
    experiments,
    fairness,
    monitor,
    p2nia,
    privacy,
    probes,
    report,
    sources,
    web,
)
from ethiclens.errors import EthicLensInputError

# (what is called, its positional arguments, the misspelt keyword, the keyword meant)
CASES = [
    (p2nia.AuditRequest, (), "protectd", "protected"),
    (p2nia.AuditedModel, (), "labl", "label"),
    (p2nia.read_request, (), "pth", "path"),
    (p2nia.write_request, (None,), "outt", "out"),
    (p2nia.write_release, (None, None), "replac", "replace"),
    (p2nia.read_release, (), "release", "release_dir"),
    (p2nia.blackbox_audit, (None,), "domain", "domains"),
    (p2nia.register_mechanism, (None,), "replce", "replace"),
    (p2nia.get_mechanism, (), "nam", "name"),
    (p2nia.register_model, (None,), "replce", "replace"),
    (p2nia.get_model, (), "were", "where"),
    (sources.counts_of, (None,), "rols", "roles"),
    (sources.duckdb_counts, ("x.csv", None), "threds", "threads"),
    (sources.dask_file_counts, ("x.csv", None), "schedular", "scheduler"),
    (sources.spark_file_counts, ("x.csv", None), "mastr", "master"),
    (sources.sql_counts, ("sqlite://", None), "tabel", "table"),
    (sources.read_counts, ("x.csv",), "pos_labl", "pos_label"),
    (ethiclens.load_target, (None,), "purpse", "purpose"),
    (fairness.AuditOptions, (), "n_bot", "n_boot"),
    (probes.write_counterfactuals, (None, "g", None), "name_row", "name_rows"),
    (probes.oracle_report, (), "result", "results"),
    (web.WebConfig, (), "tokn", "token"),
    (web.create_app, (), "confg", "config"),
    (privacy.Trainer, (), "labl", "label"),
    (privacy.register_trainer, (None,), "replce", "replace"),
    (privacy.get_trainer, (), "nam", "name"),
    (privacy.pcer_policy, (), "min_group_sze", "min_group_size"),
    (datasets.DatasetEntry, (), "loadr", "loader"),
    (datasets.register, (None,), "replce", "replace"),
    (datasets.get_entry, (), "purpse", "purpose"),
    (experiments.ResultsStore, (), "pth", "path"),
    (experiments.open_existing, (), "pth", "path"),
    (experiments.run_sweep, (), "grd", "grid"),
    (experiments.run_experiment, (), "confg", "cfg"),
    (experiments.export_store, (), "outt", "out"),
    (report.render_html, (None,), "titel", "title"),
    (report.write_audit_html, (None, None), "titel", "title"),
    (monitor.count_windows, (None, None, None), "engin", "engine"),
    (monitor.read_store_report, (None,), "requst", "request"),
    (monitor.write_monitor_outputs, (None,), "html", "html_out"),
]


@pytest.mark.parametrize(
    ("called", "args", "typed", "meant"),
    CASES,
    ids=[f"{c[0].__module__.split('.')[1]}.{c[0].__name__}-{c[2]}" for c in CASES],
)
def test_an_input_refuses_a_misspelt_keyword_with_its_near_miss(called, args, typed, meant):
    with pytest.raises(TypeError) as caught:
        called(*args, **{typed: 1})
    assert isinstance(caught.value, EthicLensInputError)
    said = f"{called.__name__}() got an unexpected keyword argument {typed!r}"
    assert str(caught.value) == f"{said}; did you mean {meant!r}?"
    # the signature a reader (help(), docs/api.md) sees is the one it had
    assert meant in inspect.signature(called).parameters


COUNTS = [
    sources.counts_of,
    sources.pandas_counts,
    sources.read_rows,
    sources.duckdb_counts,
    sources.dask_counts,
    sources.dask_file_counts,
    sources.spark_counts,
    sources.spark_file_counts,
    sources.sql_counts,
]


@pytest.mark.parametrize("called", COUNTS, ids=[c.__name__ for c in COUNTS])
@pytest.mark.parametrize(
    ("typed", "role", "value"),
    [("y_true", "y_true", "y"), ("label", "y_true", "y"), ("protected", "protected", ["g"])],
)
def test_a_count_given_a_role_as_its_keyword_says_it_goes_in_roles(called, typed, role, value):
    # counts_of(df, y_true='y') said only "got an unexpected keyword argument 'y_true'"
    with pytest.raises(TypeError) as caught:
        called(None, **{typed: value})
    assert isinstance(caught.value, EthicLensInputError)
    said = f"{called.__name__}() got an unexpected keyword argument {typed!r}"
    assert str(caught.value) == f"{said}. Fix: give it in roles: roles=Roles({role}={value!r}, ...)"
