"""The release gate's baseline and defaults (tester round 2): a malformed baseline is refused
naming its first bad key (never a traceback), a baseline from a newer EthicLens is refused, a
baseline of other input is gated with a note, and ``gate()``'s None means the run's own spec
gate (else ``never``), as the CLI decides."""

from __future__ import annotations

import copy
import json
import math

import numpy as np
import pandas as pd
import pytest

import ethiclens
from ethiclens.errors import EthicLensInputError
from ethiclens.fairness import SCHEMA_VERSION, compare, gate
from ethiclens.spec import AuditSpec


def _frame(rate_b: float, seed: int = 0, n: int = 2000) -> pd.DataFrame:
    """Groups a (reference, selected at 0.5) and b (selected at ``rate_b``)."""
    rng = np.random.default_rng(seed)
    g = np.repeat(["a", "b"], n)
    return pd.DataFrame(
        {
            "y": rng.integers(0, 2, 2 * n),
            "p": (rng.random(2 * n) < np.where(g == "a", 0.5, rate_b)).astype(int),
            "g": g,
        }
    )


def _spec(path, **gate_settings) -> AuditSpec:
    return AuditSpec.from_dict(
        {
            "target": {"file": str(path), "engine": "pandas"},
            "roles": {"y_true": "y", "y_pred": "p", "protected": ["g=a"]},
            "policy": {"n_boot": 100},
            "gate": gate_settings,
        }
    )


@pytest.fixture(scope="module")
def flagged(tmp_path_factory):
    """A run whose comparison g:b is FLAGGED (b selected at 0.3 against 0.5), no gate asked."""
    path = tmp_path_factory.mktemp("gate") / "flagged.csv"
    _frame(0.3).to_csv(path, index=False)
    result = ethiclens.run(_spec(path))
    assert result.comparison("g", "b").status == "FLAGGED"
    return result


@pytest.fixture
def report(flagged):
    """This run's report, as a baseline file would hold it."""
    return json.loads(flagged.to_json())


# -- the defaults: one rule for Python and the CLI -------------------------------------------


def test_none_means_the_spec_default_never_as_the_cli(flagged, report):
    # the CLI's default passes a FLAGGED run (only --fail-on fails it): so does Python now
    assert flagged.run["gate"] is None
    assert flagged.gate().passed and flagged.gate().fail_on == "never"
    assert flagged.gate(baseline=report).passed
    assert gate(report).passed and gate(report, baseline=report).fail_on == "never"
    assert not flagged.gate("flagged").passed


def test_the_gates_default_is_the_specs():
    from ethiclens.fairness._gate import DEFAULT_FAIL_ON

    assert AuditSpec().gate.fail_on == DEFAULT_FAIL_ON


def test_none_means_the_runs_own_spec_gate(flagged, tmp_path):
    path = tmp_path / "flagged.csv"
    _frame(0.3).to_csv(path, index=False)
    baseline = tmp_path / "before.json"
    baseline.write_text(flagged.to_json())
    result = ethiclens.run(_spec(path, fail_on="flagged", baseline=str(baseline)))
    outcome = result.gate()
    assert outcome.to_dict() == result.run["gate"]  # the same decision the run recorded
    assert outcome.fail_on == "flagged" and outcome.baseline == str(baseline)
    assert not outcome.passed and outcome.failures == ("g:b (FLAGGED)",)
    assert result.gate("never").passed  # a level given still wins (baseline: the spec's)


def test_a_result_without_a_spec_gates_at_never():
    data = _frame(0.3)
    result = ethiclens.fairness.audit(
        data["y"], data["p"], data[["g"]], reference={"g": "a"}, n_boot=100
    )
    assert result.run is None and result.gate().passed and not result.gate("flagged").passed


def test_a_model_comparison_gates_at_never_unless_its_spec_says():
    data = _frame(0.5)
    worse = _frame(0.3)["p"]
    result = compare(data["y"], data["p"], worse, data[["g"]], reference={"g": "a"}, n_boot=100)
    assert result.gate().passed and result.gate().fail_on == "never"
    assert not result.gate("flagged").passed
    result.run = {"spec": {"gate": {"fail_on": "flagged", "baseline": None}}}
    assert result.gate().fail_on == "flagged" and not result.gate().passed


# -- malformed baselines: one EthicLensInputError naming the key and the value ---------------


def _set(doc: dict, path: tuple, value) -> dict:
    """A copy of ``doc`` with ``path`` set to ``value`` (deleted when value is _DELETE)."""
    doc = copy.deepcopy(doc)
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if value is _DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return doc


_DELETE = object()
_CI_LOW = ("comparisons", 0, "metrics", "disparate_impact", "ci_low")


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (_CI_LOW, "x", "comparisons[0].metrics.disparate_impact.ci_low must be a number or null"),
        (("comparisons", 0, "metrics"), _DELETE, "comparisons[0].metrics is missing"),
        (("run", "spec"), "x", "run.spec must be a mapping (value: 'x')"),
        (("comparisons",), "x", "comparisons must be a list (value: 'x')"),
        (("comparisons",), [], "comparisons needs at least 1 item(s)"),
        (("comparisons", 0), ["x"], "comparisons[0] must be a mapping"),
        (("comparisons", 0, "status"), "WEIRD", "comparisons[0].status must be one of FLAGGED"),
        (("comparisons", 0, "attribute"), 7, "comparisons[0].attribute must be text"),
        (_CI_LOW, math.nan, "disparate_impact.ci_low is not a finite number"),
        (("comparisons", 0, "metrics", "equalized_odds_difference", "value"), -math.inf, "inf"),
        (("run", "spec", "policy"), [], "run.spec.policy must be a mapping (value: [])"),
        (("run", "spec", "policy", "n_bot"), 5, "run.spec.policy.n_bot is not a spec key"),
        (("run", "spec", "extra"), {}, "run.spec.extra is not a spec key"),
        (("headlines",), _DELETE, "headlines is missing"),
        (("run", "input"), None, "run.input must be a mapping"),
    ],
)
def test_a_malformed_baseline_is_refused_naming_the_key(flagged, report, path, value, said):
    with pytest.raises(EthicLensInputError) as info:
        flagged.gate("never", _set(report, path, value))
    message = str(info.value)
    assert said in message and "argument 'baseline'" in message and "Fix:" in message, message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (("schema_version",), "9.0", "schema_version '9.0', from a newer EthicLens; this one "),
        (("run", "spec", "version"), 2, "run.spec.version 2, from a newer EthicLens; this one"),
    ],
)
def test_a_baseline_from_a_newer_ethiclens_is_refused(flagged, report, path, value, said):
    with pytest.raises(EthicLensInputError, match="argument 'baseline'") as info:
        flagged.gate("never", _set(report, path, value))
    assert said in str(info.value)
    assert f"writes schema_version {SCHEMA_VERSION!r}" in str(info.value) or (
        "writes run.spec.version 1" in str(info.value)
    )


def test_the_same_checks_read_a_baseline_file(flagged, report, tmp_path):
    # Python's JSON reader takes NaN; the report writer never writes it
    path = tmp_path / "nan.json"
    path.write_text(json.dumps(_set(report, _CI_LOW, math.nan)))
    with pytest.raises(EthicLensInputError, match=r"nan\.json is not an intact audit report"):
        flagged.gate("never", str(path))
    path.write_text(json.dumps([report]))
    with pytest.raises(EthicLensInputError, match="is not an audit report"):
        flagged.gate("never", str(path))


def test_a_baseline_may_be_a_result_and_nothing_else(flagged):
    assert flagged.gate("never", flagged).passed  # its own result: the same report
    for wrong in (1, ["before.json"], 3.5):
        with pytest.raises(EthicLensInputError, match="is not a path, a report dict"):
            flagged.gate("never", wrong)


def _paths(doc, path=()):
    yield path
    items = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    )
    for key, value in items:
        yield from _paths(value, (*path, key))


@pytest.mark.slow
def test_no_edit_of_a_baseline_gives_a_traceback(flagged, report):
    """Delete or retype every key of a baseline (strings, lists and mappings where others
    belong, NaN, inf, null, booleans): the gate decides or refuses with one line."""
    variants = [_DELETE, "x", [], {}, math.nan, math.inf, None, True, -1]
    for i, path in enumerate(list(_paths(report))[1:]):
        # three edits a key, rotating: every key and every kind of edit, a third of the time
        for value in (variants[(i + k) % len(variants)] for k in (0, 3, 6)):
            try:
                flagged.gate("flagged", _set(report, path, value))
            except EthicLensInputError as exc:
                assert "\n" not in str(exc), (path, value, exc)


# -- a baseline of other input: normal use, said in the notes --------------------------------


def test_other_input_is_gated_with_a_note(flagged, report):
    assert flagged.gate("never", report).notes == ()
    renamed = copy.deepcopy(report)
    (checksum,) = renamed["run"]["input"]["files"].values()
    renamed["run"]["input"]["files"] = {"copy.csv": checksum}
    assert flagged.gate("never", renamed).notes == ()  # a renamed copy is the same data
    other = _set(report, ("run", "input", "rows"), 3999)
    other["run"]["input"]["files"] = {"old.csv": "0" * 64}
    outcome = flagged.gate("never", other)
    assert outcome.passed and outcome.notes == (
        "other input than the baseline (run.input fingerprint differs; 3,999 -> 4,000 rows)",
    )


@pytest.mark.parametrize(
    ("path", "value", "said"),
    [
        (("roles", "weight"), "w", "roles.weight 'w' -> None"),
        (("roles", "y_score"), "s", "roles.y_score 's' -> None"),
        (("policy", "confidence_level"), 0.99, "policy.confidence_level 0.99 -> 0.95"),
        (("groups", "exclude"), {"g": ["b"]}, "groups.exclude"),
    ],
)
def test_a_baseline_of_another_number_shaping_setting_is_refused(
    flagged, report, path, value, said
):
    # tester round 6: a weighted (or other-level) baseline was compared with this run and
    # reported a false regression; every key that shapes the numbers must match
    report["run"]["spec"][path[0]][path[1]] = value
    with pytest.raises(EthicLensInputError, match="another spec") as err:
        flagged.gate("never", baseline=report)
    assert said in str(err.value)


def test_draws_seed_and_the_data_source_may_differ(flagged, report):
    for section, key, value in [
        ("policy", "n_boot", 5000),
        ("policy", "seed", 7),
        ("target", "file", "elsewhere.csv"),
        ("target", "engine", "duckdb"),
    ]:
        report["run"]["spec"][section][key] = value
    assert flagged.gate("never", baseline=report).passed


def test_group_edits_in_another_order_are_the_same_spec(flagged, report):
    spec = report["run"]["spec"]
    spec["groups"]["merge"] = {"g": {"ab": ["b", "a"]}}
    spec["roles"]["protected"] = ["h", "g=a"]
    mine = copy.deepcopy(report)
    mine["run"]["spec"]["groups"]["merge"] = {"g": {"ab": ["a", "b"]}}
    mine["run"]["spec"]["roles"]["protected"] = ["g=a", "h"]
    assert gate(mine, "never", baseline=report).passed


def test_python_gate_messages_speak_python(flagged, report):
    # tester round 6: Python callers read "exit 1 because of --fail-on ..." and "column 'fail_on'"
    outcome = flagged.gate("flagged")
    assert outcome.message().startswith("gate failed: fail_on='flagged': 1 comparison: g:b")
    assert outcome.message(cli=True).startswith("exit 1 because of --fail-on flagged")
    with pytest.raises(EthicLensInputError, match="argument 'fail_on': unknown gate level"):
        flagged.gate("bogus")


def test_an_array_audit_gated_against_a_baseline_says_it_has_no_spec(report):
    frame = _frame(0.3)
    bare = ethiclens.audit(frame["y"], frame["p"], sensitive_features=frame["g"], n_boot=100)
    with pytest.raises(EthicLensInputError, match="not made from an audit spec"):
        bare.gate(baseline=report)


def test_an_intersection_in_another_attribute_order_is_named_not_listed_as_comparisons(
    tmp_path,
):
    """sex&race:F&A and race&sex:A&F are the same rows under other names: the baseline is
    refused naming roles.intersections (a set of intersections, each in its own order), not
    with a list of every comparison found in only one report."""
    frame = _frame(0.5).assign(s=lambda f: np.where(f.index % 2, "F", "M"))
    path = tmp_path / "inter.csv"
    frame.to_csv(path, index=False)

    def run(*order):
        data = _spec(path).to_dict()
        data["roles"].update(protected=["g=a", "s"], intersections=[list(order)])
        return ethiclens.run(AuditSpec.from_dict(data))

    baseline = json.loads(run("g", "s").to_json())
    assert run("g", "s").gate("never", baseline).passed
    with pytest.raises(EthicLensInputError) as refused:
        run("s", "g").gate("never", baseline)
    said = str(refused.value)
    assert "roles.intersections [['g', 's']] -> [['s', 'g']]" in said
    assert "only in the baseline" not in said


def _edited_baseline_run(tmp_path, capsys, edit):
    """Audit a file, edit its JSON as ``edit`` says, and gate the same audit against it."""
    import json

    import numpy as np
    import pandas as pd

    from ethiclens.cli import main

    rng = np.random.default_rng(0)
    n = 4000
    frame = pd.DataFrame(
        {
            "label": rng.integers(0, 2, n),
            "pred": rng.integers(0, 2, n),
            "race": rng.choice(["A", "B"], n),
        }
    )
    data = tmp_path / "d.csv"
    frame.to_csv(data, index=False)
    argv = ["audit", str(data), "--y-true", "label", "--y-pred", "pred", "--protected", "race=A"]
    argv += ["--n-boot", "100"]
    assert main([*argv, "--json", str(tmp_path / "base.json")]) == 0
    report = json.loads((tmp_path / "base.json").read_text())
    edit(report)
    (tmp_path / "edited.json").write_text(json.dumps(report))
    capsys.readouterr()
    rc = main([*argv, "--fail-on", "flagged", "--baseline", str(tmp_path / "edited.json")])
    return rc, capsys.readouterr().err


def test_a_baseline_whose_eo_was_deleted_is_refused_not_gated(tmp_path, capsys):
    def drop_eo(report):
        del report["comparisons"][0]["metrics"]["equalized_odds_difference"]

    rc, err = _edited_baseline_run(tmp_path, capsys, drop_eo)
    assert rc == 2
    assert "comparisons[0].metrics.equalized_odds_difference is missing (the comparison has" in err


def test_a_baseline_listing_a_comparison_twice_is_refused(tmp_path, capsys):
    def repeat(report):
        report["comparisons"].append(dict(report["comparisons"][0]))

    rc, err = _edited_baseline_run(tmp_path, capsys, repeat)
    assert rc == 2 and "comparisons[1] repeats comparisons[0] (race:B vs A)" in err
