"""Gates a pipeline can use: ``--fail-on`` levels and a baseline report a run must not regress
from. Decided here, once, for every face (``AuditResult.gate``, ``ModelComparison.gate``)."""

from __future__ import annotations

import json
import math
import os
import re
import shlex
import sys
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from .._checks import (
    check_argument_type,
    check_count,
    check_di_threshold,
    check_draws,
    check_fraction,
    check_level,
    check_member,
    check_seed,
    schema_words,
)
from .._secrets import mask_secrets, masked_cut
from .._text import (
    beside,
    figure_text,
    is_unbounded,
    masked_apart,
    one_line,
    read_group,
    spaced_key,
    spaced_name,
    unbounded_text,
)
from ..errors import EthicLensInputError, FaceFix
from ..io import json_fields, read_config_file
from ._bootstrap import Interval
from ._intervals import CI_CHOICES, INFINITE_NOTE
from ._keywords import refusing_unknown_keywords
from ._metrics import COMPARISON_METRIC_SPECS
from ._policy import (
    DI_RULES,
    FLAGGED,
    INCONCLUSIVE,
    INSUFFICIENT_DATA,
    JUDGES,
    PASS,
    REPORTED,
    UNDEFINED,
    Policy,
    comparison_status,
)
from ._validate import INTERSECTION_SEP

# --fail-on level -> the comparison statuses that fail it (each level includes the previous).
FAIL_LEVELS = {
    "never": (),
    "flagged": (FLAGGED,),
    "inconclusive": (FLAGGED, INCONCLUSIVE),
    "insufficient": (FLAGGED, INCONCLUSIVE, INSUFFICIENT_DATA, UNDEFINED),
}
# How bad a verdict is: a move up this order is a regression.
_RANK = {PASS: 0, INCONCLUSIVE: 1, INSUFFICIENT_DATA: 1, UNDEFINED: 1, FLAGGED: 2}
GATED_METRICS = ("disparate_impact", "equalized_odds_difference")
# The metrics whose verdicts make a comparison's (the audit's own rule: policy.comparison_status),
# each with the judge that draws its verdict from its interval (policy.JUDGES)
_JUDGES = {m: JUDGES[s.policy] for m, s in COMPARISON_METRIC_SPECS.items() if s.policy in JUDGES}
# The spec's default gate (spec.GateSpec.fail_on): a result without a spec gates as the CLI does.
DEFAULT_FAIL_ON = "never"
# named for both faces, so a config file's user is not told a flag (errors._in_words keeps it)
_REPORT = "JSON report of an audit (--json on the command line, outputs.json in a config file)"
# A comparison's gate measures model B against model A: its outcome's baseline is "A (model A)".
_MODEL_A = " (model A)"
_COMPARISON_KIND = "model_comparison"  # a ModelComparison's report (its ``kind``)
_MONITOR_KIND = "ethiclens-monitor"  # a monitor's JSON report (its ``kind``)
# A passed baseline's one line (GateOutcome.baseline_line) writes up to _NOTES_IN_FULL notes,
# else the first _NOTES_SHOWN and where to see them all.
_NOTES_IN_FULL, _NOTES_SHOWN = 5, 3
MAX_REPORT_BYTES = 200_000_000  # a report of thousands of groups is megabytes, not hundreds
# Errors about the baseline name gate()'s argument; the CLI names it by its flag (--baseline).
_BASELINE = {"column": "baseline", "kind": "argument"}
# Parts of a baseline's spec that must equal the run's for the two to be comparable: every key
# of these sections that shapes the numbers or the verdicts. Free to differ: where the rows come
# from (a file, counts table, database table or query is "last time's data", compared by
# fingerprint in a note), how they are read, the prediction column (a new model's), the draws
# and seed (an interval's precision, not its meaning), and the model card, outputs and gate.
# A benchmark is not a place but a dataset with its own options: it stays compared.
_SAME_SECTIONS = ("target", "roles", "groups", "policy", "thresholds")
# Where a spec's rows come from: a file, counts table, database table or query.
_PLACES = ("file", "counts", "db", "db_env", "table", "query")
_FREE = {
    "target": (*_PLACES, "engine", "scheduler", "download"),
    "roles": ("y_pred",),
    "policy": ("n_boot", "seed"),
}
# Sections an earlier report's spec recorded that a run's no longer does (the request as
# recorded leaves its outputs out): never compared, so never refused.
_UNRECORDED = ("outputs",)
# Keys whose lists are sets (their order changes no number): compared sorted.
_ORDERLESS = {"roles.protected", "roles.intersections", "groups.merge", "groups.exclude"}


@dataclass(frozen=True)
class GateOutcome:
    """Whether a run passed its gate, and every reason it did not."""

    fail_on: str
    failures: tuple = ()  # "race:Asian (INSUFFICIENT_DATA)"
    regressions: tuple = ()  # "race:Other: verdict PASS -> FLAGGED"
    baseline: str | None = None
    notes: tuple = field(default=())  # improvements beyond both intervals (never fail)
    # the user's names in its lines (attributes, groups, references, models): each masked
    # alone where a line is shown (``shown``); never in its dict (the JSON's run.gate)
    names: frozenset = field(default=frozenset(), compare=False, repr=False)

    @property
    def passed(self) -> bool:
        return not (self.failures or self.regressions)

    def message(self, *, cli: bool = False, named: dict | None = None) -> str:
        """Why the gate failed, in the words of the face that asked: the CLI's flags
        (``exit 1 because of --fail-on flagged: ...``), else Python's arguments
        (``gate failed: fail_on='flagged': ...``). ``named``: how the face names ``fail_on``
        or ``baseline`` where no flag gave it (a config file's key: ``{"baseline":
        "gate.baseline = old.json from c.yaml"}``). One line: a newline or control character
        of a group's name is written as a visible escape (``line1\\nline2``), as the CLI
        writes every message (``ethiclens._text.one_line``)."""
        parts, named = [], named or {}
        if self.failures:
            n = len(self.failures)
            level = f"--fail-on {self.fail_on}" if cli else f"fail_on={self.fail_on!r}"
            # the monitor's gate (its only level 'alarm') fails on alarmed tests, each a
            # comparison's test ('g:b disparate_impact'), not on comparisons
            unit = "alarmed test" if self.fail_on == "alarm" else "comparison"
            parts.append(
                f"{named.get('fail_on', level)}: {n} {unit}{'s' if n > 1 else ''}: "
                + ", ".join(self.failures)
            )
        if self.regressions:
            parts.append(self._regressed(cli, named) + "; ".join(self.regressions))
        if not parts:
            return "gate passed"
        return self.shown(("exit 1 because of " if cli else "gate failed: ") + " | ".join(parts))

    def __repr__(self) -> str:  # a notebook's face: its passwords masked, as message's
        keys = ("fail_on", "failures", "regressions", "baseline", "notes")
        return self.shown(f"GateOutcome({', '.join(f'{k}={getattr(self, k)!r}' for k in keys)})")

    def shown(self, text: str) -> str:
        """``text`` (a line of this gate's: its message, a note) as every face shows it: its
        passwords masked, each of the user's names in it masked alone (as the reports and the
        terminal's table mask a group ``u:pw@h``: ``u:***@h``), on one line."""
        return one_line(masked_apart(str(text), self.names, mask_secrets))

    def baseline_line(
        self, *, cli: bool = False, json: str | None = None, named: dict | None = None
    ) -> str | None:
        """The one line that says a baseline comparison passed, with its notes (improvements,
        other input than the baseline), in the face's words (``--baseline FILE`` or
        ``baseline='FILE'``, or ``named["baseline"]`` as ``message`` takes it); None when there
        was no baseline, or the gate failed (then ``message`` says why). One line, escaped as
        ``message`` is. A few notes are written in full; of more, the first few and where to
        see them all: ``json`` is where the CLI writes the report (``-``: stdout), else none is
        known to be written."""
        if not self.baseline or self.baseline.endswith(_MODEL_A) or not self.passed:
            return None
        named_as = self._baseline_named(cli, named)
        line = f"gate passed: {named_as}: no verdict, DI or EO worse than the baseline"
        if self.notes:
            n = len(self.notes)
            shown = self.notes if n <= _NOTES_IN_FULL else self.notes[:_NOTES_SHOWN]
            line += f"; {n} note{'s' if n > 1 else ''}: " + "; ".join(shown)
            if n > len(shown):
                line += f"; {n - len(shown)} more: " + _all_notes(n, cli, json)
        return self.shown(line)

    def _regressed(self, cli: bool, named: dict) -> str:
        """What the regressions are measured against: a comparison's model A, or a baseline."""
        if self.baseline and self.baseline.endswith(_MODEL_A):
            return f"model B is worse than model A ({self.baseline[: -len(_MODEL_A)]}): "
        return f"{self._baseline_named(cli, named)}: worse than the baseline: "

    def _baseline_named(self, cli: bool, named: dict | None) -> str:
        """The baseline as the face gave it: its flag, a config file's key, or the argument."""
        if named and "baseline" in named:
            return named["baseline"]
        return f"--baseline {self.baseline}" if cli else f"baseline={self.baseline!r}"

    @classmethod
    def from_dict(cls, data: dict, report=None) -> GateOutcome:
        """The outcome a report's ``run.gate`` records; ``report``: the result (or its dict)
        whose names its lines mask alone (``shown``). What is no dict (None, a list) or one without
        ``fail_on`` is refused naming the argument, never an AttributeError."""
        fix = "give the dict GateOutcome.to_dict() wrote (a report's run.gate)"
        check_argument_type(data, dict, column="data", problem="must be a dict, not a", fix=fix)
        if "fail_on" not in data:  # {} or another dict: not a TypeError of __init__
            raise EthicLensInputError("has no 'fail_on'", column="data", kind="argument", fix=fix)
        keys = ("fail_on", "failures", "regressions", "baseline", "notes")
        given = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in keys}
        return cls(**given, names=report_names(report))

    def to_dict(self) -> dict:
        return {
            "passed": self.passed,
            **json_fields(self, "fail_on failures baseline regressions notes"),
        }


def report_names(*reports) -> frozenset:
    """The user's names in audit or comparison ``reports`` (results or their dicts):
    attributes, groups, references and model names, as text; none of what is no report."""
    found: set[str] = set()
    for report in reports:
        if callable(getattr(report, "to_dict", None)):
            report = report.to_dict()
        if not isinstance(report, dict):
            continue
        models = report.get("models")
        found |= {str(m) for m in models.values()} if isinstance(models, dict) else set()
        for part in ("attributes", "comparisons", "verdicts", "differences"):
            rows = report.get(part)
            for row in rows if isinstance(rows, list) else ():
                keys = ("attribute", "group", "reference", "name")
                found |= {str(row[k]) for k in keys if isinstance(row, dict) and row.get(k)}
    return frozenset(found)


def _all_notes(n: int, cli: bool, json: str | None) -> str:
    """Where all ``n`` notes of a passed baseline's gate can be read, in the face's words."""
    if not cli:
        return f"all {n} in GateOutcome.notes"
    if json is None:  # no report is written: none to point to
        return f"pass --json FILE to see all {n} (in its run.gate.notes)"
    return f"all {n} in run.gate.notes of " + ("the JSON on stdout" if json == "-" else json)


# The levels as every face lists them (--fail-on, gate.fail_on): the failing ones, then never.
_LEVELS = [*(level for level in FAIL_LEVELS if level != "never"), "never"]


def check_fail_on(fail_on: str, flag: str = "fail_on") -> str:
    kind = "argument" if flag.isidentifier() else None  # fail_on, or --fail-on / gate.fail_on
    problem = "unknown gate level: " + schema_words("enum", _LEVELS, "")
    fix = f"use one of {', '.join(_LEVELS)}"
    return check_member(fail_on, _LEVELS, column=flag, problem=problem, fix=fix, kind=kind)


@refusing_unknown_keywords
def gate(report: dict, fail_on: str | None = None, baseline=None) -> GateOutcome:
    """The gate of an audit report (an ``AuditResult`` or its ``to_dict()``).

    ``fail_on``: ``flagged`` fails on FLAGGED comparisons, ``inconclusive`` also on
    INCONCLUSIVE ones, ``insufficient`` also on any comparison that could not be judged
    (INSUFFICIENT_DATA, UNDEFINED); ``never`` only checks the baseline. ``baseline``: a previous
    report (a path, its dict or an ``AuditResult``) of the same spec, checked against the audit
    report schema first; the gate fails when a comparison's verdict got worse, or its DI or EO
    moved for the worse beyond both intervals (the new value outside the baseline's interval
    and the baseline's value outside the new one; DI ranked by the run's DI rule, an unbounded
    DI infinitely far above 1). A verdict that can no longer be judged (INCONCLUSIVE or
    FLAGGED -> INSUFFICIENT_DATA or UNDEFINED) is a note, neither better nor worse. A baseline
    of other input is compared all the same ("worse than last time"), with a note saying so.
    Each left None is the run's own spec gate setting (``report["run"]["spec"]["gate"]``),
    else the spec's default: ``never`` and no baseline, as the CLI decides.
    """
    built = _built_by_the_audit(report)
    report = _as_report(report)
    own = _spec_gate(report)
    fail_on = check_fail_on(own["fail_on"] if fail_on is None else fail_on)
    baseline = own["baseline"] if baseline is None else baseline
    bad = FAIL_LEVELS[fail_on]
    failures = tuple(
        f"{spaced_key(c['attribute'], c['group'])} ({c['status']})"
        for c in report["comparisons"]
        if c["status"] in bad or (fail_on != "never" and c.get("flagged"))
    )
    if baseline is None:
        return GateOutcome(fail_on, failures, names=report_names(report))
    name, old = _read_baseline(baseline)
    if not built:  # a dict or another object's to_dict(): checked as a baseline is
        _check_intact(report)
    check_baseline(old, report, name)
    unmatched = check_comparable(old, report, name)
    regressions, notes = _regressions(old, report)
    notes = [
        *_version_notes(old, report),
        *_input_notes(old, report),
        *_draw_notes(old, report),
        *unmatched,
        *notes,
    ]
    names = report_names(old, report)
    return GateOutcome(fail_on, failures, tuple(regressions), name, tuple(notes), names)


def check_baseline_file(baseline) -> None:
    """Refuse ``baseline`` as :func:`gate` would, before an audit runs: a path that is missing,
    no JSON (truncated) or no audit report (a model comparison's). Whether it is intact, and
    its comparison with the run (the spec, the references, a newer version), need the run's
    report and are :func:`gate`'s: a command refuses what it can before the work."""
    _read_baseline(baseline)


def _baseline_error(problem: str, *, fix: str, value=None) -> EthicLensInputError:
    """The refusal of the baseline (``gate``'s argument; the CLI's ``--baseline``)."""
    return EthicLensInputError(problem, value=value, fix=fix, **_BASELINE)


def _spec_gate(report: dict) -> dict:
    """The run's own spec gate settings (``run.spec.gate``) when the report carries a spec,
    else the spec's defaults: what a gate call's None means."""
    own = _spec_of(report).get("gate")
    return {"fail_on": DEFAULT_FAIL_ON, "baseline": None} | (own if isinstance(own, dict) else {})


def _as_report(report) -> dict:
    """The report dict of an audit given as its result object or its dict; a dict (a loaded
    JSON report) is refused naming its first key that breaks the audit report schema, or its
    first comparison whose status (what the gate fails on) is missing or no verdict."""
    if callable(getattr(report, "to_dict", None)):  # an AuditResult (duck-typed: no cycle)
        report = report.to_dict()
    fix = "give the AuditResult (or result.to_dict(), or json.load of its --json report)"
    problem = "is not an audit result or its report dict"
    value = None if isinstance(report, dict) else report  # a report is too long to quote
    if isinstance(report, dict) and report.get("kind") == _COMPARISON_KIND:
        problem = "is a model comparison's report (B - A), not an audit's"
        fix = "gate it with ModelComparison.gate(fail_on) (the command line: ethiclens compare "
        fix += "--fail-on LEVEL)"
    elif isinstance(report, dict):  # a to_dict() too: a duck's dict is checked as a dict is
        if not _has_gated_keys(report):
            error = _first_schema_error(report) or ("comparisons", "is malformed", None)
            path, words = error[:2]
        else:  # the verdicts the gate reads: a hand-edited 'BOGUS' would pass every fail_on
            error = _first_bad_status(report)
            if error is None:
                return report
            path, words, value = error
        problem = f"is not an audit report: {path} {words}"
    raise EthicLensInputError(problem, column="report", value=value, fix=fix, kind="argument")


def _built_by_the_audit(report) -> bool:
    """Whether ``report`` is an ``AuditResult`` (only the audit builds one): its report is
    intact by construction, and checking it again as a baseline is checked cost a gate of 2,000
    groups 1.1 s (3.1 s, not 2.0 s). Looked up, not imported: ``_result`` imports this module."""
    module = sys.modules.get(f"{__package__}._result")
    return module is not None and isinstance(report, module.AuditResult)


def _check_intact(report: dict) -> None:
    """Refuse a report gated against a baseline that breaks what the comparison reads (its
    spec, intervals, numbers), as a baseline is refused, naming the argument ``report``: a
    hand-made dict with the gated keys only (or an object's ``to_dict()``) is no audit's."""
    spec = _spec_of(report)
    error = (
        _first_broken_record(report)
        or next(
            (
                (f"run.spec.{k}", "must be a mapping", v)
                for k, v in spec.items()
                if k != "version" and not isinstance(v, dict)
            ),
            None,
        )
        or (_bad_spec_version(spec) if spec else None)
        or _first_invalid_spec_value(spec)
    )
    if error:
        path, words, value = error
        raise EthicLensInputError(
            f"is not an intact audit report: {path} {words}",
            column="report",
            value=value,
            fix="give the AuditResult (or result.to_dict(), or json.load of its --json report), "
            "unedited",
            kind="argument",
        )


# What the gate reads of each comparison of the report it gates (its status: _first_bad_status).
_GATED_KEYS = ("attribute", "group", "reference", "metrics")
# The verdicts a comparison of an audit report has (the report schema's $defs.comparison.status).
_COMPARISON_STATUSES = (FLAGGED, INCONCLUSIVE, PASS, INSUFFICIENT_DATA, UNDEFINED)


def _has_gated_keys(report: dict) -> bool:
    """Whether every comparison of ``report`` holds what the gate reads (a cheap check; the
    whole schema names what is wrong)."""
    comparisons = report.get("comparisons")
    return isinstance(comparisons, list) and all(
        isinstance(c, dict)
        and all(k in c for k in _GATED_KEYS)
        and isinstance(c["metrics"], dict)
        and all(isinstance(c["metrics"].get(m), dict | None) for m in GATED_METRICS)
        for c in comparisons
    )


def _first_bad_status(report: dict) -> tuple | None:
    """(key path, what is wrong, value) of the first comparison whose status is missing or not
    a verdict (a hand-edited ``"BOGUS"``), naming the comparison, or None. The gate fails on
    the statuses it knows, so any other one would pass every ``fail_on``."""
    for i, comparison in enumerate(report["comparisons"]):
        place = f"{_key_path(('comparisons', i, 'status'))} ({_comparison_name(comparison)})"
        if "status" not in comparison:
            return place, "is missing", None
        status = comparison["status"]
        if status not in _COMPARISON_STATUSES:
            return place, schema_words("enum", _COMPARISON_STATUSES, ""), status
    return None


def _read_baseline(baseline) -> tuple[str, dict]:
    """(name, report) of a baseline given as a path, a report dict or a result object."""
    if callable(getattr(baseline, "to_dict", None)):  # an AuditResult (duck-typed: no cycle)
        baseline = baseline.to_dict()
    if isinstance(baseline, str) and baseline.lstrip().startswith("{"):  # result.to_json()
        raise _baseline_error(
            "is a report's JSON text, not the path of a report file",
            value=masked_cut(baseline, 40) + ("…" if len(baseline) > 40 else ""),  # masked, cut
            fix="give the AuditResult, its dict (json.loads of the text) or a file's path",
        )
    if isinstance(baseline, str) and not baseline.strip():  # Path('') is the working folder
        fix = "give a value, or leave it out for its default"  # as --baseline '' is refused
        raise _baseline_error("must not be empty", value=baseline, fix=fix)
    if isinstance(baseline, dict):
        name, data = "baseline", baseline
    elif not isinstance(baseline, (str, os.PathLike)):
        raise _baseline_error(
            "is not a path, a report dict or an AuditResult",
            value=baseline,
            fix=f"give the path of a {_REPORT}",
        )
    else:
        path = Path(baseline)
        try:
            data = read_config_file(
                path, "baseline", _REPORT, suffixes=None, limit=MAX_REPORT_BYTES
            )
        except EthicLensInputError as exc:  # named as the argument it is, not as a column
            if path.suffix.lower() in (".yaml", ".yml") and exc.problem.startswith("cannot"):
                raise _baseline_error(  # a spec's YAML: the request, not the report it wrote
                    f"{path.name} is a YAML file, not an audit report (JSON): {_SPEC_IS_NOT}",
                    fix=f"give the {_REPORT} of its run",
                ) from None
            what = _NOT_JSON.get(path.suffix.lower())
            unread = exc.problem.startswith("cannot") or "not UTF-8 text" in exc.problem
            if what and unread:  # the HTML or PDF report, the plot, the data read
                problem = f"{path.name} is {what}, not an audit report (JSON)"
                raise _baseline_error(problem, fix=f"give the {_REPORT}") from None
            raise type(exc)(exc.problem, value=exc.value, fix=exc.fix, **_BASELINE) from None
        name = str(path)
    _refuse_other_kind(Path(name).name, data)
    return name, data


# Files an audit reads or writes that are not its JSON report, by suffix (a baseline's).
_NOT_JSON = dict.fromkeys((".html", ".htm"), "an HTML page (the report for people)")
_NOT_JSON |= dict.fromkeys((".csv", ".tsv", ".txt"), "a data file") | {".md": "a Markdown file"}
_NOT_JSON |= {".pdf": "a PDF (the report for people)"}
_NOT_JSON |= dict.fromkeys((".png", ".svg"), "an image (the report's plot)")


# A spec given where a report goes: what it is, said once for its YAML and its JSON.
_SPEC_IS_NOT = "a spec is the request of a run, its report what the run found"


def _refuse_other_kind(name: str, data) -> None:
    """Refuse a baseline that is no audit report, naming what it is where it is a known kind:
    a comparison's, a threshold view's or a monitor's report, or a spec (the request, not its
    report)."""
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind == _COMPARISON_KIND:
        raise _baseline_error(
            f"{name} is not an audit report: it is a model comparison's (ethiclens compare)",
            fix=f"give a {_REPORT} of the model (a comparison gates model B against model A)",
        )
    if isinstance(data, dict) and "comparisons" in data and kind != _MONITOR_KIND:
        return
    what = ""
    if kind == _MONITOR_KIND:  # it has comparisons too: per window, not an audit's
        what = ": it is a monitor's (ethiclens monitor), per window, not an audit's"
        fix = f"give a {_REPORT}; the monitor gates on its own alarms (--fail-on alarm)"
    elif kind == "threshold_table":
        what = ": it is a threshold view's (ethiclens thresholds), which is no gate"
        fix = f"give a {_REPORT} at the threshold you use"
    elif isinstance(data, dict) and "run" not in data and _SPEC_SECTIONS.intersection(data):
        what, fix = f": it is a spec ({_SPEC_IS_NOT})", f"give the {_REPORT} of its run"
    else:
        fix = f"give a {_REPORT}"
    raise _baseline_error(f"{name} is not an audit report{what}", fix=fix)


# A spec's own sections (a spec given as the baseline names one, a report has none of them).
_SPEC_SECTIONS = frozenset({"target", "roles", "groups", "policy", "gate", "outputs"})


@cache
def _report_validator():
    """(its quick yes or no; jsonschema's validator) of the audit report schema: the file
    ``ethiclens.report`` validates reports with, read as data (``fairness`` never imports
    ``report``). jsonschema takes seconds on a report of a thousand groups (an object per
    keyword and value); fastjsonschema's compiled check answers alike in a fraction of one, so
    it says yes or no and only a no asks jsonschema which key to name (ADR 0003)."""
    import fastjsonschema
    import jsonschema

    text = resources.files("ethiclens").joinpath("report", "audit-report.schema.json")
    schema = json.loads(text.read_text(encoding="utf-8"))
    compiled = fastjsonschema.compile(schema)

    def quick(report) -> bool:
        try:
            compiled(report)
        except fastjsonschema.JsonSchemaException:
            return False
        return _tuple_free(report)  # a tuple is an array to fastjsonschema, not to jsonschema

    return quick, jsonschema.validators.validator_for(schema)(schema)


def check_baseline(old: dict, new: dict, name: str = "baseline") -> None:
    """Refuse a baseline that is not an audit report this EthicLens could have written: one
    from a newer EthicLens (report ``schema_version``, spec ``version``), one that breaks the
    report schema, a number that is NaN or infinite or that no audit writes (a DI or EO outside
    its own interval, say), a verdict its interval does not give under the report's policy, a
    spec key this version does not know.
    The first bad key is named with its value, so that nothing reads a broken baseline."""
    # what this EthicLens writes is what it wrote for this run
    _check_not_newer(name, "schema_version", old.get("schema_version"), new.get("schema_version"))
    old_spec, new_spec = _spec_of(old), _spec_of(new)
    _check_not_newer(name, "run.spec.version", old_spec.get("version"), new_spec.get("version"))
    error = (
        _first_broken_record(old)
        or _first_unknown_spec_key(old_spec, new_spec)
        or _bad_spec_version(old_spec)
        or _first_invalid_spec_value(old_spec)
    )
    if error:
        _refuse_broken(name, error)


def _first_broken_record(report: dict) -> tuple | None:
    """(key path, what is wrong, value) of the first thing no audit writes in ``report`` (its
    schema, a NaN or infinity, the recorded policy, an impossible number, a comparison
    contradicting itself), or None: what a baseline, and a report gated against one, pass."""
    return (
        _first_schema_error(report)
        or _first_non_finite(report)
        or _recorded_policy(report)[1]
        or _first_impossible_number(report)
        or _first_inconsistent_comparison(report)
    )


def _bad_spec_version(spec: dict) -> tuple | None:
    """(key path, what is wrong, value) of a spec version no spec has (0, "1", 1.0), or None."""
    version = spec.get("version", 1)
    if isinstance(version, int) and not isinstance(version, bool) and version >= 1:
        return None
    return "run.spec.version", "must be a whole number, at least 1", version


def _refuse_broken(name: str, error: tuple) -> None:
    """Refuse a baseline no audit wrote, naming ``error``'s (key path, problem, value)."""
    path, problem, value = error
    raise _baseline_error(
        f"{Path(name).name} is not an intact audit report: {path} {problem}",
        value=value,
        fix=f"give an unedited {_REPORT}, or re-run the audit to make a new baseline",
    )


def _spec_of(report: dict) -> dict:
    """The run's spec, {} when there is none (or it is not a mapping: the schema says so)."""
    run = report.get("run")
    spec = run.get("spec") if isinstance(run, dict) else None
    return spec if isinstance(spec, dict) else {}


def _check_not_newer(name: str, key: str, version, ours) -> None:
    """A version above ours comes from a newer EthicLens, whose fields may mean other things."""
    if _version_key(version) is None or _version_key(ours) is None:
        return  # a malformed version is the schema's to name
    if _version_key(version) > _version_key(ours):
        raise _baseline_error(
            f"{Path(name).name} has {key} {version!r}, from a newer EthicLens; this one writes "
            f"{key} {ours!r}",
            fix="gate against a report written by this EthicLens version (re-run the baseline "
            "audit), or upgrade ethiclens",
        )


def _version_key(version) -> tuple | None:
    """(major, minor) of "1.0" or 1; None when it is neither."""
    if isinstance(version, int) and not isinstance(version, bool):
        return (version,)
    parts = version.split(".") if isinstance(version, str) else []
    if not parts or not all(p.isdigit() for p in parts):
        return None
    return tuple(int(p) for p in parts)


def _key_path(parts) -> str:
    """comparisons[0].metrics.disparate_impact"""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else str(part)
    return out or "the document"


def _tuple_free(value) -> bool:
    """Whether no value nested in ``value`` is a tuple."""
    stack = [value]
    while stack:
        value = stack.pop()
        if isinstance(value, tuple):
            return False
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return True


def _first_schema_error(report: dict) -> tuple | None:
    """(key path, what is wrong, value) of the schema's best-matching error, or None."""
    from jsonschema.exceptions import best_match

    quick, validator = _report_validator()
    if quick(report):  # jsonschema's answer, linear and fast
        return None
    error = best_match(validator.iter_errors(report))
    if error is None:
        return None
    path, rule, given = list(error.absolute_path), error.validator, error.validator_value
    if rule == "required":
        missing = next(k for k in given if k not in error.instance)
        return _key_path([*path, missing]), "is missing", None
    if rule == "additionalProperties":
        known = error.schema.get("properties", {})
        extra = next(k for k in error.instance if k not in known)
        return _key_path([*path, extra]), "is not a key of an audit report", None
    words = schema_words(rule, given, f"breaks the report schema's rule {rule} {given!r}")
    return _key_path(path), words, error.instance


def _first_non_finite(report: dict) -> tuple | None:
    """(key path, ..., value) of the first NaN or infinite number (JSON has neither; Python's
    reader accepts them), or None. Iterative: a baseline's nesting is not bounded here."""
    stack = [((), report)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            return _key_path(path), "is not a finite number (JSON writes null)", value
        if isinstance(value, dict):
            stack.extend(((*path, k), v) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend(((*path, i), v) for i, v in reversed(list(enumerate(value))))
    return None


# The ranges the audit's own estimates keep: DI is a ratio of rates, EO the largest gap between
# two rates. Every interval the audit writes contains its estimate (widened to it where the
# draws miss it, as its method says), and none has its low end above its high end.
_METRIC_RANGES = {
    "disparate_impact": (0.0, math.inf, "below 0 (a ratio of selection rates)"),
    "equalized_odds_difference": (0.0, 1.0, "outside [0, 1] (the largest gap between rates)"),
}


def _first_impossible_number(report: dict) -> tuple | None:
    """(key path, ..., value) of the first estimate no audit writes (an interval whose low end
    is above its high end, a DI or EO outside its own interval, a DI below 0, an EO outside
    [0, 1]) or verdict (a DI's or EO's that its interval does not give under the report's
    policy; a comparison's other than its DI's and EO's worst), or None. Runs after the schema
    check: every number here is a number or null, every status one of the policy's."""
    policy, _ = _recorded_policy(report)
    for i, comparison in enumerate(report["comparisons"]):
        for metric, estimate in comparison["metrics"].items():
            place, estimate = ("comparisons", i, "metrics", metric), estimate or {}
            error = _impossible_estimate(metric, estimate) or (
                metric in GATED_METRICS
                and (
                    _unwritten_interval(comparison, metric, estimate)
                    or _estimate_outside(comparison, metric, estimate)
                    or _unwritten_verdict(comparison, metric, estimate)
                    or _contradicted_verdict(comparison, metric, estimate, policy)
                )
            )
            if error:
                return _key_path([*place, error[0]]), *error[1:]
        error = _impossible_verdict(comparison)
        if error:
            return _key_path(("comparisons", i, "status")), *error
    return None


# A DI's ci_method says so when some of its draws divided by a zero reference rate: only then
# may a finite DI's interval have no high end (infinite, written null).
_INFINITE_DRAWS = re.compile(
    re.escape(INFINITE_NOTE.format(k="K", n="N", sign="S"))
    .replace("K", r"\d+")
    .replace("N", r"\d+")
    .replace("S", "[+±]")
)
# The reason a judge gives an estimate without an interval (policy.judge_*): the one verdict
# beside a value with no interval, other than INSUFFICIENT_DATA's.
_NO_INTERVAL = "no confidence interval"


def _comparison_name(comparison: dict) -> str:
    said = spaced_key(comparison["attribute"], comparison["group"])  # g:' d', as the terminal
    return f"{said} vs {spaced_name(comparison['reference'])}"


def _unwritten_interval(comparison: dict, metric: str, estimate: dict) -> tuple | None:
    """(key, what is wrong, value) of a gated estimate with a value whose interval no audit
    writes beside it, or None. The audit writes both ends (a DI's high end null only where its
    ci_method says draws divided by a zero reference rate), or neither (below the sample floor,
    or no interval: the reason says so). A null end would make the gate read an unbounded
    interval (a DI), or skip the comparison's move (no low end)."""
    value = estimate.get("value")
    if value is None:
        return None
    low, high = estimate.get("ci_low"), estimate.get("ci_high")
    name, status = _comparison_name(comparison), estimate.get("status")
    if low is None and high is None:
        if status == INSUFFICIENT_DATA or estimate.get("reason") == _NO_INTERVAL:
            return None
        words = f"and ci_high are null while its value is {value!r} under the verdict {status}"
        return "ci_low", f"{words} ({name}): an interval the audit wrote was removed", None
    if low is not None and high is not None:
        return None
    infinite = metric == "disparate_impact" and high is None
    if infinite and _INFINITE_DRAWS.search(str(estimate.get("ci_method"))):
        return None
    key, other = ("ci_high", "ci_low") if high is None else ("ci_low", "ci_high")
    words = f"is null while its value is {value!r} and its {other} {estimate[other]!r} ({name})"
    why = "the audit writes both ends of a finite estimate's interval"
    if infinite:
        why += " (a DI's high end is null only where its ci_method says draws divided by a zero "
        why += "reference rate)"
    return key, f"{words}: {why}", None


def _unwritten_verdict(comparison: dict, metric: str, estimate: dict) -> tuple | None:
    """(key, what is wrong, value) of a gated estimate's verdict that no audit writes beside
    its numbers, or None: UNDEFINED beside a value or an interval (the gate would not compare
    its move), or REPORTED (the audit judges DI and EO)."""
    status, name = estimate.get("status"), _comparison_name(comparison)
    numbers = [k for k in ("value", "ci_low", "ci_high") if estimate.get(k) is not None]
    if status == UNDEFINED and numbers:
        words = f"is UNDEFINED while its {numbers[0]} is {estimate[numbers[0]]!r} ({name})"
        return "status", f"{words}: an undefined estimate has no value and no interval", status
    if status == REPORTED:
        return "status", f"is REPORTED ({name}): the audit judges every {metric}", status
    return None


# The policy settings a DI's or EO's verdict is drawn by: the report's config (the Policy the
# audit judged by) and its spec (what a gate compares with the run's) each record them.
_VERDICT_SETTINGS = ("di_rule", "di_threshold", "eo_threshold")


def _recorded_policy(report: dict) -> tuple[Policy | None, tuple | None]:
    """(the Policy the report's verdicts were drawn by: ``config.policy``'s verdict settings,
    which the schema requires; None when the policy itself refuses them, then the (key path,
    what is wrong, value) of the first it refuses: a DI threshold the schema lets through)."""
    recorded = report["config"]["policy"]
    try:
        return Policy(**{k: recorded[k] for k in _VERDICT_SETTINGS}), None
    except EthicLensInputError as exc:
        return None, (f"config.policy.{exc.column}", exc.problem, recorded.get(exc.column))


def _policy_disagreement(report: dict) -> tuple | None:
    """(key path, what is wrong, value) of a verdict setting of ``config.policy`` (the policy
    the verdicts were drawn by) other than the spec's (``run.spec.policy``, the one a gate
    compares with the run's), or None: edited, it would make an edited verdict read as drawn
    from its interval. Checked once the specs are comparable, so another spec is named first."""
    recorded, spec = report["config"]["policy"], _mapping(_spec_of(report).get("policy"))
    for key in _VERDICT_SETTINGS:
        if key in spec and spec[key] != recorded.get(key):
            words = f"differs from run.spec.policy.{key} {spec[key]!r} (the one policy it ran)"
            return f"config.policy.{key}", words, recorded.get(key)
    return None


def _contradicted_verdict(comparison: dict, metric: str, estimate: dict, policy: Policy | None):
    """(key, what is wrong, value) of a DI's or EO's verdict (PASS, INCONCLUSIVE, FLAGGED) that
    its interval does not give by the audit's own judge (``policy.JUDGES``) under the report's
    ``policy``, or None: a DI inside [0.8, 1.25] marked FLAGGED was edited in, and would make
    a real drop read as an improvement. An unbounded DI's null high end is infinite."""
    status = estimate.get("status")
    if policy is None or metric not in _JUDGES or status not in (PASS, INCONCLUSIVE, FLAGGED):
        return None
    low, high = estimate.get("ci_low"), estimate.get("ci_high")
    if metric == "disparate_impact" and low is not None and high is None:
        high = math.inf
    derived, _ = _JUDGES[metric](Interval(low, high, ""), policy)
    if derived == status:
        return None
    interval = "no interval" if low is None else f"its interval [{low!r}, {high!r}]"
    settings = ", ".join(f"{k} {getattr(policy, k)!r}" for k in _VERDICT_SETTINGS)
    return (
        "status",
        f"is {status} ({_comparison_name(comparison)}), but {interval} gives {derived} under "
        f"the report's policy ({settings}): a verdict is drawn from its interval",
        status,
    )


def _first_inconsistent_comparison(report: dict) -> tuple | None:
    """(key path, ..., value) of a comparison listed twice (which copy would be gated?) or of
    one with labels whose EO is missing (an audit with labels always writes it: its loss
    would let an EO regression pass), or None."""
    seen = {}
    for i, comparison in enumerate(report["comparisons"]):
        key = (comparison["attribute"], comparison["group"])
        if key in seen:
            words = f"repeats comparisons[{seen[key]}] ({_comparison_name(comparison)})"
            return _key_path(("comparisons", i)), words, None
        seen[key] = i
        labelled = comparison.get("label_counts") is not None
        if labelled and "equalized_odds_difference" not in comparison["metrics"]:
            place = ("comparisons", i, "metrics", "equalized_odds_difference")
            return _key_path(place), "is missing (the comparison has labels)", None
    return None


def _impossible_verdict(comparison: dict) -> tuple | None:
    """(what is wrong, value) when the comparison's verdict is not the one its judged metrics'
    verdicts give by the audit's own rule (``comparison_status``): one better than a metric's
    (a comparison is as bad as its worst), or one no metric holds (FLAGGED over INCONCLUSIVE
    metrics would make a real drop to FLAGGED read as no change)."""
    status = comparison["status"]
    judged = {
        metric: estimate["status"]
        for metric, estimate in comparison["metrics"].items()
        if metric in _JUDGES and isinstance(estimate, dict) and estimate.get("status")
    }
    derived = comparison_status(list(judged.values()))
    if status == derived:
        return None
    if _RANK.get(status, 0) < _RANK.get(derived, 0):
        metric = next(m for m, s in judged.items() if s == derived)
        words = f"is better than its {metric} verdict {derived}"
        return f"{words} (a comparison is as bad as its worst)", status
    name = _comparison_name(comparison)
    verdicts = ", ".join(f"{m} {s}" for m, s in judged.items()) or "none judged"
    return (
        f"of {name} is {status}, but its metrics' verdicts ({verdicts}) give {derived} "
        "(a comparison's verdict is its metrics' worst)",
        status,
    )


def _impossible_estimate(metric: str, estimate: dict) -> tuple | None:
    """(key, what is wrong, value) of one estimate's impossible number, or None."""
    low, high = estimate.get("ci_low"), estimate.get("ci_high")
    if low is not None and high is not None and low > high:
        return "ci_low", f"is above its ci_high {high!r} (a reversed interval)", low
    missing = _missing_number(metric, estimate)
    if missing:
        return missing
    floor, ceiling, words = _METRIC_RANGES.get(metric, (-math.inf, math.inf, ""))
    for key in ("value", "ci_low", "ci_high"):
        number = estimate.get(key)
        if number is not None and not floor <= number <= ceiling:
            return key, f"is {words}", number
    return None


# Float rounding a gate forgives: an estimate this far outside its interval, a badness this
# far from another (relative).
_REL_TOLERANCE = 1e-9


def _estimate_outside(comparison: dict, metric: str, estimate: dict) -> tuple | None:
    """(key, what is wrong, value) of a gated estimate outside its own interval (beyond a
    1e-9 relative float tolerance), or None: the audit widens every interval to contain its
    estimate, so such a value was edited in. An unbounded DI (null value, null high end: an
    infinite one) and an undefined estimate (null value, no interval) are not outside."""
    ends = _estimate_ends(estimate, metric)
    if ends is None or not all(math.isfinite(x) for x in ends[:2]):
        return None
    value, low, high = ends
    tolerance = _REL_TOLERANCE * max(
        abs(value), abs(low), abs(high) if math.isfinite(high) else 0.0
    )
    if low - tolerance <= value <= high + tolerance:
        return None
    name = _comparison_name(comparison)
    interval = f"[{low!r}, {high!r}]" if math.isfinite(high) else f"[{low!r}, inf]"
    return (
        "value",
        f"({name}) is outside its interval {interval}: the audit's interval always contains "
        "its estimate",
        value,
    )


def _missing_number(metric: str, estimate: dict) -> tuple | None:
    """(key, what is wrong, value) of a gated estimate's null that no audit writes beside what
    it holds, or None. The audit writes a null value for an undefined estimate (then with no
    interval) and for an unbounded DI (the reference never selected: its interval's high end is
    infinite, written null); a verdict PASS or FLAGGED is drawn from an interval. A gate reads
    all three: a null where the audit wrote a number would let a move through unseen."""
    if metric not in GATED_METRICS:
        return None
    status = estimate.get("status")
    if estimate.get("value") is None:
        finite, what = (
            (("ci_high",), "an unbounded DI's interval has no high end")
            if metric == "disparate_impact"
            else (("ci_low", "ci_high"), "an undefined estimate has no interval")
        )
        for key in finite:
            if estimate.get(key) is not None:
                return "value", f"is null while its {key} is {estimate[key]!r} ({what})", None
    if status in (PASS, FLAGGED):  # a DI's high end may be infinite (null): its low end is not
        ends = ("ci_low",) if metric == "disparate_impact" else ("ci_low", "ci_high")
        for key in ends:
            if estimate.get(key) is None:
                return key, f"is null under the verdict {status} (drawn from the interval)", None
    return None


def _first_unknown_spec_key(old_spec: dict, new_spec: dict) -> tuple | None:
    """(key path, ..., value) of the first section or key of the baseline's spec that this
    run's spec (every key this version has) lacks, or of a section that is not a mapping;
    None when this run has no spec (``check_comparable`` refuses that)."""
    if not new_spec:
        return None
    for section, values in old_spec.items():
        if section in _UNRECORDED and section not in new_spec:
            continue  # recorded by an earlier run; never compared
        path = f"run.spec.{section}"
        if section not in new_spec:
            return path, "is not a spec key of this EthicLens", None
        if isinstance(new_spec[section], dict) and not isinstance(values, dict):
            return path, "must be a mapping", values
        for key in values if isinstance(values, dict) else ():
            if key not in new_spec[section]:
                return f"{path}.{key}", "is not a spec key of this EthicLens", values[key]
    return None


def _one_of(choices):
    def check(value, where):
        check_member(value, list(choices), column=where, problem="is not one of its choices")

    return check


def _optional(check):
    def checked(value, where):
        if value is not None:
            check(value, where)

    return checked


def _text(value, where):
    if not isinstance(value, str):
        raise EthicLensInputError("must be text", column=where, value=value)


def _predictions(value, where):
    """The spec's own rule (``spec.Roles.y_pred``): none (a benchmark or a counts table holds
    its predictions), one column, or two (a comparison)."""
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or len(names) > 2:
        raise EthicLensInputError(
            "must be at most two prediction columns (none: a benchmark's or a counts table's own)",
            column=where,
            value=value,
        )
    for name in names:
        _text(name, where)


def _flag(value, where):
    if not isinstance(value, bool):
        raise EthicLensInputError("must be true or false", column=where, value=value)


# The spec keys a gate reads or compares, with the check the spec itself makes of each (the
# spec's own schema lives in ``spec``, above this layer): a baseline whose spec holds a value
# no run writes is not intact, not "another spec" (a compared key) nor let through (a free
# one: the seed, the draws, where the rows came from).
_SPEC_VALUES = {
    "policy": {
        "di_rule": _one_of(DI_RULES),
        "di_threshold": check_di_threshold,
        "eo_threshold": check_fraction,
        "min_group_size": check_count,
        "min_labels": check_count,
        "ci": _one_of(CI_CHOICES),
        "confidence_level": check_level,
        "n_boot": _optional(check_draws),
        "seed": _optional(check_seed),
    },
    "target": {
        **dict.fromkeys((*_PLACES, "scheduler"), _optional(_text)),
        "engine": _text,
        "download": _flag,
    },
    "roles": {"y_pred": _predictions},
    "thresholds": {"threshold": check_fraction, "step": check_fraction},
}


def _first_invalid_spec_value(spec: dict) -> tuple | None:
    """(key path, what is wrong, value) of the first value of the baseline's spec that the spec
    itself refuses (``policy.seed: "abc"``, ``policy.confidence_level: 2``), or None. Runs after
    ``_first_unknown_spec_key``: every key is one this version knows."""
    for section, checks in _SPEC_VALUES.items():
        values = spec.get(section)
        for key, check in checks.items():
            if not isinstance(values, dict) or key not in values:
                continue  # absent: a setting the baseline's version did not have yet
            path = f"run.spec.{section}.{key}"
            try:
                check(values[key], path)
            except EthicLensInputError as exc:
                value = values[key]
                return path, exc.problem + (", not null" if value is None else ""), value
    return _missing_predictions(spec)


def _missing_predictions(spec: dict) -> tuple | None:
    """(key path, what is wrong, value) of a spec that names no prediction column for rows
    that hold none of their own (a file's or a database's: only a benchmark and a counts
    table carry their predictions), or None."""
    roles, target = _mapping(spec.get("roles")), _mapping(spec.get("target"))
    if roles.get("y_pred") != [] or target.get("dataset") or target.get("counts"):
        return None
    words = "is empty, but an audit of a file or a database names its prediction column"
    return "run.spec.roles.y_pred", words, []


def check_comparable(old: dict, new: dict, name: str = "baseline") -> list[str]:
    """Refuse a baseline of another dataset (a benchmark), another spec (roles, group edits,
    policy, thresholds) or with no comparison in common, naming every setting that differs
    and, for a reference group that changed, how to pin the baseline's, and one whose verdicts
    were drawn by another policy than its spec's (an edited ``config.policy``); else the notes
    (comparisons only one of the two has: a new export's new category, a group gone)."""
    old_spec, new_spec = _specs(old, new, name)
    kinds = [_target_kind(s) for s in (old_spec, new_spec)]
    diffs = _spec_differences(old_spec, new_spec, old, new)
    places = [_place(s) for s in (old_spec, new_spec)]
    if "dataset" in kinds and places[0] != places[1]:  # a file, counts or db: any place is free
        # the benchmark's own roles and defaults follow from it: only settings written
        # differently are listed beside it
        written = [d for d in diffs if not d.derived and d.field != "target.dataset"]
        moved = f"{places[0]} -> {places[1]}"
        if kinds[0] != kinds[1]:
            moved = f"target {kinds[0]} -> {kinds[1]} ({moved})"
        also = "; its spec also differs: " + "; ".join(d.text for d in written) if written else ""
        raise _baseline_error(
            f"{name} audited another dataset than this run: {moved}{also}",
            fix="gate a benchmark's run against a report of the same benchmark, and rows of a "
            "file, counts table or database against a report of any such rows",
        )
    if diffs:
        sections = list(dict.fromkeys(_SECTION_WORDS[d.field.split(".")[0]] for d in diffs))
        pins = _reference_pins(diffs) or _crossing_pins(diffs, new)
        fix = "gate against a report of the same target, roles, group edits and policy"
        if pins:  # Python's words and the command line's (FaceFix), each with the rest
            also = f"; and {fix}" if len(diffs) > 1 else ""
            fix = FaceFix(pins[0] + also, pins[1] + also)
        raise _baseline_error(
            f"{name} was audited with another spec than this run ({', '.join(sections)}): "
            + "; ".join(d.text for d in diffs),
            fix=fix,
        )
    error = _policy_disagreement(old)
    if error:
        _refuse_broken(name, error)
    return _comparison_notes(old, new, name)


def _specs(old: dict, new: dict, name: str) -> tuple[dict, dict]:
    """(baseline's spec, run's spec), refused when either has none."""
    old_spec = (old.get("run") or {}).get("spec")
    new_spec = (new.get("run") or {}).get("spec")
    if new_spec is None:
        raise _baseline_error(
            "this result has no spec to compare with the baseline's: it was not made from an "
            "audit spec (an audit of arrays)",
            fix="gate a run of ethiclens.run(spec), ethiclens.audit('data.csv', ...) or the CLI "
            "against a baseline",
        )
    if old_spec is None and "run" not in old:  # this version writes no run for arrays
        raise _baseline_error(
            f"{name} is an audit of arrays (ethiclens.fairness.audit): it has no spec (no "
            "run.spec) to compare this run's with",
            fix="gate against a report of a spec run: ethiclens.run(spec), "
            "ethiclens.audit('data.csv', ...) or ethiclens audit ... --json",
        )
    if old_spec is None:
        raise _baseline_error(
            f"{name} has no spec to compare (a report made before EthicLens recorded one)",
            fix="re-run the baseline audit with this EthicLens version and gate against that",
        )
    return old_spec, new_spec


@dataclass(frozen=True)
class _Difference:
    """One compared setting that differs: its ``section.key``, the words, whether the two
    wrote it alike (a default each run took its own way: ``derived``), and the baseline's
    protected pairs when the reference groups differ (``pins``)."""

    field: str
    text: str
    derived: bool = False
    pins: tuple = ()
    pinned: tuple = ()  # the baseline's protected entries, each with its reference
    crossings: tuple = ()  # the intersections (attribute lists) compared with other references


# How a refusal names a section that differs.
_SECTION_WORDS = {
    "target": "another dataset",
    "roles": "other roles",
    "groups": "other group edits",
    "policy": "another policy",
    "thresholds": "other thresholds",
}


def _spec_differences(old_spec: dict, new_spec: dict, old: dict, new: dict) -> list:
    """Every compared key whose setting differs, as the two runs used it (a default and the
    value it stands for are one setting; a counts table's own label is the label)."""
    diffs = []
    for section in _SAME_SECTIONS:
        old_part, new_part = (_mapping(s.get(section)) for s in (old_spec, new_spec))
        for key in new_part:
            if key in _FREE.get(section, ()) or key not in old_part:
                continue  # absent: a setting the baseline's version did not have yet
            a, b = old_part.get(key), new_part.get(key)
            fa, fb = _comparable_form(section, key, a, old), _comparable_form(section, key, b, new)
            if not _same(fa, fb):
                diffs.append(_difference(f"{section}.{key}", (a, fa), (b, fb)))
    return diffs


def _place(spec: dict) -> str:
    """What a run audited, in words: a benchmark by name; any file, counts table or database
    is "rows" (a baseline of other rows is compared)."""
    dataset = _mapping(spec.get("target")).get("dataset")
    return f"the benchmark {dataset!r}" if dataset else "rows of a file, counts table or database"


def _reference_pins(diffs: list) -> tuple[str, str] | None:
    """How to pin the baseline's reference groups, in Python's words (the keyword, and a config
    file's key) and the command line's (its flags, and the key), or None. Each names its face,
    so a config file's user is told the key, never a flag renamed into the key's words."""
    for d in diffs:
        if d.pins:
            flags = ", ".join(
                f"--protected {shlex.quote(_entry(a, r))}"
                + (f" in place of --protected {shlex.quote(w)}" if w else "")
                for a, r, w in d.pins
            )
            pinned, head = list(d.pinned), "pin the baseline's reference group: "
            python = f"protected={pinned!r} in Python, roles.protected {pinned!r} in a config file"
            cli = f"{flags} on the command line (in a config file: roles.protected {pinned!r})"
            return head + python, head + cli
    return None


def _crossing_pins(diffs: list, new: dict) -> tuple[str, str] | None:
    """How to pin the reference of intersections a baseline compared with another group (a
    crossing's default reference is its largest group, which moves with the data; with each
    of its attributes' references given, it is theirs crossed), in Python's words and the
    command line's (as :func:`_reference_pins`), or None."""
    crossings = next((d.crossings for d in diffs if d.crossings), ())
    if not crossings:
        return None
    refs = {str(a.get("name")): a.get("reference") for a in new.get("attributes") or ()}
    attributes = dict.fromkeys(str(a) for combo in crossings for a in combo)
    entries = [_entry(a, refs.get(a)) for a in attributes]
    flags = " ".join(f"--protected {shlex.quote(e)}" for e in entries)
    names = ", ".join(INTERSECTION_SEP.join(map(str, combo)) for combo in crossings)
    head = f"pin the reference group of every attribute of {names} ("
    tail = (
        "), so that its reference is theirs crossed, not its largest group, which moves with "
        "the data; and re-run the baseline audit with them"
    )
    key = "roles.protected COL=REFERENCE entries in a config file"
    python = f"protected={entries!r} in Python, {key}"
    cli = f"{flags} on the command line; {key}"
    return head + python + tail, head + cli + tail


def _entry(attribute: str, reference) -> str:
    """``COL=REFERENCE`` as ``--protected`` reads it: quoted when it has spaces around it or
    is itself in a pair of double quotes (``'"A"'``, which bare reads as ``A``)."""
    if reference is None:
        return attribute
    text = str(reference)
    quoted = len(text) >= 2 and text[0] == text[-1] == '"'
    return f'{attribute}="{text}"' if text != text.strip() or quoted else f"{attribute}={text}"


def _comparison_notes(old: dict, new: dict, name: str) -> list[str]:
    """Notes naming the comparisons only one report has (a new export may hold a new category,
    or lose one: normal use; the common ones are gated); refused when none is in common
    (nothing would be gated)."""
    old_keys = {(c["attribute"], c["group"], c["reference"]) for c in old["comparisons"]}
    new_keys = {(c["attribute"], c["group"], c["reference"]) for c in new["comparisons"]}
    gone = sorted(f"{a}:{g} vs {r}" for a, g, r in old_keys - new_keys)
    added = sorted(f"{a}:{g} vs {r}" for a, g, r in new_keys - old_keys)
    parts = [f"only in the baseline {gone}"] if gone else []
    parts += [f"only in this run {added}"] if added else []
    if not parts:
        return []
    if not old_keys & new_keys:
        raise _baseline_error(
            f"{name} shares no comparison with this run (nothing to gate): comparisons "
            + ", ".join(parts),
            fix="gate against a report of groups this run also has (the same attribute, group "
            "and reference)",
        )
    return [f"not gated: comparisons {part}" for part in parts]


def _difference(where: str, old: tuple, new: tuple) -> _Difference:
    """One difference in words: the values as written, or, where those read the same (a
    default each run took its own way, a default reference that resolved to another group),
    what each run took it as."""
    (a, fa), (b, fb) = old, new
    if where == "roles.intersections" and a == b and _are_pairs(fa) and _are_pairs(fb):
        crossings = tuple(c for (c, r), (_, s) in zip(fa, fb, strict=True) if r != s)
        used = [[_entry(INTERSECTION_SEP.join(map(str, c)), r) for c, r in f] for f in (fa, fb)]
        words = f"{where} (the reference group each used) {used[0]!r} -> {used[1]!r}"
        return _Difference(where, words, True, crossings=crossings)
    if where == "roles.protected":
        pins = _changed_references(fa, fb)
        pinned = tuple(_entry(n, r) for n, r in fa) if pins else ()
        pins = tuple((n, r, _written_entry(n, b)) for n, r in pins)
        used = _entries(fa), _entries(fb)
        if a == b:
            words = f"{where} (the reference group each used) {used[0]!r} -> {used[1]!r}"
            return _Difference(where, words, True, pins, pinned)
        words = f"{where} {a!r} -> {b!r}"
        if None not in used and list(used) != [_sorted_lists(a), _sorted_lists(b)]:
            # [] is every attribute the table or benchmark has; COL, COL=its default reference
            words += f" (as each run used them: {used[0]!r} -> {used[1]!r})"
        return _Difference(where, words, False, pins, pinned)
    if a == b:  # a default that each run took its own way
        words = f"{where} left as {a!r}, which the baseline took as {_taken(fa)} and this run as"
        return _Difference(where, f"{words} {_taken(fb)}", True)
    if where == "groups.bins" and (fa, fb) != (a, b):  # a counts table's own bins
        words = f"{where} {a!r} -> {b!r} (as each run used them: {fa!r} -> {fb!r})"
        return _Difference(where, words)
    return _Difference(where, f"{where} {a!r} -> {b!r}")


def _entries(pairs) -> list[str] | None:
    """``COL=REFERENCE`` entries (``_entry``) of (attribute, reference) pairs, as a run used
    its protected attributes; None when ``pairs`` are not such pairs."""
    return [_entry(name, ref) for name, ref in pairs] if _are_pairs(pairs) else None


def _are_pairs(value) -> bool:
    """Whether ``value`` is a list (or tuple) of (attribute, reference) pairs."""
    pairs = isinstance(value, list | tuple)
    return pairs and all(isinstance(p, tuple) and len(p) == 2 for p in value)


def _written_entry(attribute: str, written) -> str | None:
    """This run's ``roles.protected`` entry of ``attribute`` as written, None if none."""
    items = [w for w in written if isinstance(w, str)] if isinstance(written, list) else []
    names = [_protected_entry(w, ())[0] for w in items]
    return next((w for w, n in zip(items, names, strict=True) if n == attribute), None)


def _changed_references(old_pairs, new_pairs) -> tuple:
    """The baseline's (attribute, reference) pairs whose attribute this run audits against
    another reference group."""
    if not (_are_pairs(old_pairs) and _are_pairs(new_pairs)):
        return ()
    now = dict(new_pairs)
    return tuple(
        (name, ref)
        for name, ref in old_pairs
        if ref is not None and name in now and now[name] is not None and now[name] != ref
    )


def _taken(form) -> str:
    """What a run took a default as, in words."""
    if form is _OWN:
        return "the counts table's or benchmark's own column"
    return "none" if form is None else repr(form)


def _mapping(part) -> dict:
    return part if isinstance(part, dict) else {}


class _Own:
    """A role a counts table or a benchmark holds without the spec naming its column (its
    label, scores, weights): the same role as any named column."""

    def __repr__(self) -> str:
        return "(the counts table's or dataset's own)"


_OWN = _Own()
# A role left unnamed that the report says the run used anyway (config flag), as a counts
# table or a benchmark uses its own.
_IMPLICIT_ROLES = {"y_true": "labelled", "y_score": "has_scores", "weight": "weighted"}


def _same(a, b) -> bool:
    """Whether two compared forms are one setting: a role's own column is any named one."""
    if a is _OWN or b is _OWN:
        return (a is None) == (b is None)
    return a == b


def _comparable_form(section: str, key: str, value, report: dict):
    """``value`` as compared: the lists of an order-free key sorted, at every depth; but an
    intersection's own attribute order stays, since it names the groups (sex&race:F&A is not
    race&sex:A&F in a report), so the list of intersections alone is a set. Protected
    attributes are compared as (attribute, reference group) pairs, the reference the
    ``report`` used (``--protected sex`` whose default reference was M is ``sex=M``); roles
    and settings left to their default as the run used them (``_role_form``)."""
    if section == "roles" and key in (*_IMPLICIT_ROLES, "positive", "pos_label", "protected"):
        return _role_form(key, value, report)
    if f"{section}.{key}" == "groups.bins":
        return _bins_form(value, report)
    if f"{section}.{key}" == "roles.intersections" and isinstance(value, list | tuple):
        return _crossings_form(value, report)
    if f"{section}.{key}" not in _ORDERLESS:
        return value
    return _sorted_lists(value)


def _references_used(report: dict) -> dict:
    """Attribute (or crossing) name -> the reference group the ``report``'s ``attributes``
    record it was compared with."""
    return {
        str(a["name"]): a.get("reference")
        for a in report.get("attributes") or ()
        if isinstance(a, dict) and "name" in a
    }


def _crossings_form(value, report: dict) -> list:
    """``roles.intersections`` as a set of (attributes, the reference group the ``report``
    compared the crossing's groups with): a crossing's default reference is its largest group,
    which moves with the data, and a group measured against another reference is another
    comparison (as a protected attribute's, ``_protected_form``)."""
    used = _references_used(report)
    pairs = []
    for combo in value:
        name = INTERSECTION_SEP.join(map(str, combo)) if isinstance(combo, list) else None
        reference = used.get(name) if name is not None else None
        pairs.append((combo, None if reference is None else str(reference)))
    return sorted(pairs, key=repr)


def _bins_form(value, report: dict):
    """``groups.bins`` as the run used them: the spec's and those a counts table was binned by
    when counted (``run.input.bins``, ``ethiclens counts --bins``), edges as numbers
    (``age: [0, 30]`` is ``age: [0.0, 30.0]``)."""
    counted = _mapping(_mapping(_mapping(report.get("run")).get("input")).get("bins"))
    if not isinstance(value, dict):
        return value if not counted else (value, counted)
    used = {**counted, **value}
    try:
        return {str(a): [float(e) for e in edges] for a, edges in used.items()}
    except (TypeError, ValueError):
        return used


def _protected_form(value, report: dict):
    """``roles.protected`` (``COL`` or ``COL=REFERENCE`` entries) as sorted (attribute,
    reference) pairs: a reference written ``pred2=1``, ``pred2="1"`` or left to the default is
    the group the report's ``attributes`` record as its reference (the one every comparison
    used), so only a different reference differs."""
    if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
        return _sorted_lists(value)
    used = _references_used(report)
    pairs = []
    for item in value:
        name, reference = _protected_entry(item, used)
        if used.get(name) is not None:
            reference = str(used[name])
        pairs.append((name, reference))
    return sorted(pairs, key=repr)


def _role_form(key: str, value, report: dict):
    """A role as the ``report``'s run used it: a label, score or weight column the spec left
    unnamed but the run used (a counts table's, a benchmark's) is ``_OWN``; the attributes
    audited when none was named (a counts table's or a benchmark's, all of them); ``positive``
    as the run took it (``config.positive_is_favorable``: the default is the dataset's, else
    favorable); ``pos_label`` as the value it makes positive (none: 1 of 0/1 labels)."""
    config = _mapping(report.get("config"))
    if key in _IMPLICIT_ROLES:
        return _OWN if value is None and config.get(_IMPLICIT_ROLES[key]) else value
    if key == "positive":
        favorable = config.get("positive_is_favorable")
        if not isinstance(favorable, bool):
            return value
        return "favorable" if favorable else "harmful"
    if key == "pos_label":
        return _label_form(value)
    if value == []:  # no --protected: every attribute the table or dataset has
        return _audited_attributes(report)
    return _protected_form(value, report)


def _label_form(value):
    """A positive label as the value it matches (``label_matches``' rule): none is 1 (0/1
    labels), as are 1, 1.0, "1", True and "true"; other text is itself, stripped."""
    if value is None or isinstance(value, bool):
        return "1" if value in (None, True) else "0"
    text = value.strip() if isinstance(value, str) else value
    if isinstance(text, str) and text.lower() in ("true", "false"):
        return "1" if text.lower() == "true" else "0"
    try:
        number = float(text)
    except (TypeError, ValueError):
        return text
    return str(int(number)) if number.is_integer() else repr(number)


def _audited_attributes(report: dict) -> list:
    """(attribute, reference) pairs the report audited, its intersections left out."""
    config = _mapping(report.get("config"))
    crossed = {
        INTERSECTION_SEP.join(map(str, combo))
        for combo in config.get("intersections") or ()
        if isinstance(combo, list)
    }
    pairs = [
        (str(a["name"]), None if a.get("reference") is None else str(a["reference"]))
        for a in report.get("attributes") or ()
        if isinstance(a, dict) and "name" in a and str(a["name"]) not in crossed
    ]
    return sorted(pairs, key=repr)


def _protected_entry(item: str, names) -> tuple[str, str | None]:
    """(column, reference or None) of one ``COL[=REFERENCE]`` entry, read as
    ``ethiclens.spec.parse_protected`` reads it: a whole known column name first (one may hold
    "="), then the longest known column left of an "=", else the first "="; the reference
    unquoted (spaces around it stripped, or kept inside double quotes)."""
    if item in names:
        return item, None
    known = [n for n in names if item.startswith(f"{n}=")]
    if known:
        name = max(known, key=len)
        return name, read_group(item[len(name) + 1 :])
    name, sep, reference = item.partition("=")
    return name.strip(), read_group(reference) if sep else None


def _sorted_lists(value):
    if isinstance(value, dict):
        return {k: _sorted_lists(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return sorted((_sorted_lists(v) for v in value), key=repr)
    return value


def _version_notes(old: dict, new: dict) -> list[str]:
    """A baseline written by a newer EthicLens than this run's is read (its schema is this
    one's: a newer schema is refused), but said: its numbers may come from newer methods. An
    older one is silent (a schema that differs is refused by ``check_baseline``)."""
    versions = [_mapping(r.get("run")).get("ethiclens_version") for r in (old, new)]
    before, now = (_release(v) for v in versions)
    if before is None or now is None or before <= now:
        return []
    return [
        f"baseline written by a newer EthicLens ({versions[0]}) than this run's ({versions[1]})"
    ]


def _release(version) -> tuple | None:
    """(1, 2, 0) of "1.2.0", "1.2.0rc1" or "1.2.0+local": the release numbers; None if none."""
    match = re.match(r"\d+(\.\d+)*", version) if isinstance(version, str) else None
    return tuple(int(p) for p in match.group().split(".")) if match else None


def _input_notes(old: dict, new: dict) -> list[str]:
    """A baseline of other input is normal use (worse than last time), but the outcome says so."""
    before, now = (_input_content(r) for r in (old, new))
    if before == now or _same_shipped_files(old, new):
        return []
    rows = [x.get("rows") for x in (before, now)]
    rows = [f"{n:,}" if isinstance(n, int) else n for n in rows]  # as every count prints
    return [
        f"other input than the baseline (run.input fingerprint differs; "
        f"{rows[0]} -> {rows[1]} rows)"
    ]


def _draw_notes(old: dict, new: dict) -> list[str]:
    """Other interval draws than the baseline's (another seed or number of draws): the same
    data can then move a verdict beside a threshold (PASS -> INCONCLUSIVE), so the outcome
    says so, and how to tell (the baseline's seed and draws)."""
    keys = ("random_state", "n_boot")
    before, now = ([_mapping(r.get("config")).get(k) for k in keys] for r in (old, new))
    words = ("seed", "draws")
    changed = [f"{k} {a} -> {b}" for k, a, b in zip(words, before, now, strict=True) if a != b]
    if not changed:
        return []
    return [
        f"other interval draws than the baseline ({'; '.join(changed)}): a verdict beside a "
        f"threshold can move by the draws alone; to tell, rerun with the baseline's seed "
        f"{before[0]} and {before[1]} draws"
    ]


def _same_shipped_files(old: dict, new: dict) -> bool:
    """A dataset's input that differs only in files one report names and the other does not
    (a newer EthicLens names a shipped benchmark's labels file too): the same data when every
    file both name has the same checksum and all else (options, rows, split) is the same."""
    inputs = [dict(_mapping(_mapping(r.get("run")).get("input"))) for r in (old, new)]
    files = [x.pop("files", None) for x in inputs]
    if inputs[0].get("kind") != "dataset" or inputs[0] != inputs[1]:
        return False
    if not all(isinstance(f, dict) for f in files):
        return False
    both = files[0].keys() & files[1].keys()
    small = min(files, key=len)
    return bool(both) and both == small.keys() and all(files[0][k] == files[1][k] for k in both)


def _input_content(report: dict) -> dict:
    """The run's input fingerprint without file names (a renamed copy is the same data) or the
    database's name (``$NAME`` for --db-env, the URL for --db: its SHA-256 is the database)."""
    data = dict(report["run"].get("input") or {})
    if data.get("kind") == "database":
        data.pop("database", None)
    if isinstance(data.get("files"), dict):
        data["files"] = sorted(data["files"].values())
    return data


def _target_kind(spec: dict) -> str:
    t = spec.get("target", {})
    return next((k for k in ("dataset", "file", "counts") if t.get(k)), "db")


def _regressions(old: dict, new: dict) -> tuple[list[str], list[str]]:
    """(regressions, notes) of each comparison in both reports: a verdict worse than the
    baseline's, or a DI or EO that moved for the worse beyond both intervals, ranked by the
    run's DI rule. A judged verdict (INCONCLUSIVE, FLAGGED) that can no longer be judged
    (INSUFFICIENT_DATA, UNDEFINED) is noted before the improvements, neither better nor worse."""
    # a group measured against another reference is another comparison (a note says so)
    before = {(c["attribute"], c["group"], c.get("reference")): c for c in old["comparisons"]}
    rule = _di_rule(new)
    out, unjudged, notes = [], [], []
    for c in new["comparisons"]:
        b = before.get((c["attribute"], c["group"], c.get("reference")))
        if b is None:
            continue
        key = spaced_key(c["attribute"], c["group"])
        rank, rank_before = _RANK.get(c["status"], 0), _RANK.get(b["status"], 0)
        if rank > rank_before:
            out.append(f"{key}: verdict {b['status']} -> {c['status']}")
        elif c["status"] in _UNJUDGED and b["status"] in (INCONCLUSIVE, FLAGGED):
            unjudged.append(f"{key}: verdict {b['status']} -> {c['status']} {_NOT_JUDGED}")
        elif rank < rank_before:  # a better verdict is news too, as a better DI or EO is
            notes.append(f"{key}: verdict {b['status']} -> {c['status']} (better)")
        for metric in GATED_METRICS:
            moved = _moved(b["metrics"].get(metric), c["metrics"].get(metric), metric, rule)
            if moved:
                # the metric in the report's words ('Disparate impact'), as every face names it
                text = f"{key}: {COMPARISON_METRIC_SPECS[metric].label} {moved[1]}"
                (out if moved[0] == "worse" else notes).append(text)
    return out, unjudged + notes


# Verdicts that judge nothing: a move into one from a judgement is not better (nor, from
# INCONCLUSIVE or FLAGGED, worse); the gate still compares the DI and EO intervals both hold.
_UNJUDGED = (INSUFFICIENT_DATA, UNDEFINED)
_NOT_JUDGED = "(could not be judged now: neither better nor worse)"


def _di_rule(report: dict) -> str:
    """The DI rule the report was judged by (``config.policy.di_rule``), else the default."""
    policy = _mapping(_mapping(report.get("config")).get("policy"))
    return policy.get("di_rule") or DI_RULES[0]


def _moved(old, new, metric, di_rule=DI_RULES[0]):
    """("worse"|"better"|"same", words) when each value lies outside the other's interval;
    None when either has no interval (an undefined estimate, one below the sample floor). An
    unbounded DI (the reference never selected: value null, interval [low, inf]) is infinite."""
    ends = [_estimate_ends(e, metric) for e in (old, new)]
    if None in ends:
        return None
    (a, alo, ahi), (b, blo, bhi) = ends
    if alo <= b <= ahi or blo <= a <= bhi:
        return None
    way = ("better", "same", "worse")[_further(metric, b, a, di_rule) + 1]
    ranked = f", by the DI rule {di_rule!r}" if metric == "disparate_impact" else ""
    ranked = ranked if di_rule != DI_RULES[0] else ""
    words = "neither worse nor better: as far from parity" if way == "same" else way
    # each value to as many places as it takes to print outside the other's interval
    old_text = _move_end(a, alo, ahi, b, (blo, bhi))
    new_text = _move_end(b, blo, bhi, a, (alo, ahi))
    return way, f"moved {old_text} -> {new_text}, beyond both intervals{ranked} ({words})"


def _move_end(value, low, high, other, others) -> str:
    """One side of a move: its value beside the other's interval ``others``, its bounds beside
    the other's value; an unbounded DI in the audit's and monitor's words ('unbounded [0.960,
    ∞)', never 'inf [0.960, inf]')."""
    if is_unbounded(value):
        return unbounded_text(_beside(low, other))
    return f"{_beside(value, others)} [{_beside(low, other)}, {_beside(high, other)}]"


def _beside(x: float, edges) -> str:
    """``x`` to 3 places, or as many more as it takes to print on its side of the nearest of
    ``edges`` (``_text.beside``): a move or a B − A interval the gate reads as beyond a
    number never prints as touching it (``[0.000, 0.057]`` for a low end of 0.0002)."""
    finite = [e for e in (edges if isinstance(edges, tuple) else (edges,)) if math.isfinite(e)]
    return beside(x, tuple(finite)) if finite and math.isfinite(x) else figure_text(x)


def _estimate_ends(estimate, metric) -> tuple | None:
    """(value, low, high) of an estimate with an interval, or None. A DI's null high end is
    infinite, and so is the value of a DI with a low end but no value (unbounded)."""
    if not estimate or estimate.get("ci_low") is None:
        return None
    value, low, high = (estimate.get(k) for k in ("value", "ci_low", "ci_high"))
    if metric == "disparate_impact":
        value, high = (math.inf if x is None else x for x in (value, high))
    if value is None or high is None:
        return None
    return value, low, high


def _badness(metric: str, x: float, di_rule: str = DI_RULES[0]) -> float:
    """How far from parity: EO itself; DI its distance from 1 on the log scale, so 0.8 and
    1.25 are equally bad and a DI that crosses 1 (1.06 -> 0.88) is judged by that distance;
    under the DI rule ``below`` (only a DI below the threshold is flagged) only the distance
    below 1, so a DI above 1 is as good as 1. 0 and an unbounded DI are infinitely far. Both
    gates (``--baseline`` and ``compare``) rank a move by this one rule."""
    if metric != "disparate_impact":
        return x
    distance = abs(math.log(x)) if x > 0 else math.inf
    return _DI_BADNESS[di_rule](x, distance)


def _further(metric: str, x: float, y: float, di_rule: str = DI_RULES[0]) -> int:
    """1 when ``x`` is further from parity than ``y`` (``_badness``), -1 when nearer, 0 when as
    far up to float rounding (a 1e-9 relative tolerance): |log 0.8| and |log 1.25| differ in
    their last bit, yet 0.8 and 1.25 are equally bad. Every gate ranks badness by this."""
    bx, by = _badness(metric, x, di_rule), _badness(metric, y, di_rule)
    if bx == by or math.isclose(bx, by, rel_tol=_REL_TOLERANCE, abs_tol=1e-12):
        return 0
    return 1 if bx > by else -1


# The DI rules' measures of badness (policy.DI_RULES: each has one; tests check it).
_DI_BADNESS = {
    "two_sided": lambda x, distance: distance,
    "below": lambda x, distance: distance if x < 1 else 0.0,
}


def _unbounded_under_b(report: dict, rule: str) -> list[str]:
    """Comparisons whose DI is unbounded under B (B never selects the reference: no value, an
    interval from a finite low end) and finite under A: the farthest from parity there is,
    though B − A has no value to exclude 0 (as ``--baseline`` judges the same move)."""
    a, b = report["models"]["a"], report["models"]["b"]
    out = []
    audits = report.get("audits") or {}
    di = {
        side: {
            (c["attribute"], c["group"]): c["metrics"].get("disparate_impact") or {}
            for c in (audits.get(side) or {}).get("comparisons", [])
        }
        for side in ("a", "b")
    }
    for key, under_b in di["b"].items():
        under_a = di["a"].get(key) or {}
        unbounded = under_b.get("value") is None and under_b.get("ci_low") is not None
        finite_under_a = unbounded and under_a.get("value") is not None
        if finite_under_a and _further("disparate_impact", math.inf, under_a["value"], rule) > 0:
            out.append(
                f"{spaced_key(*key)}: {_words('disparate_impact')} {under_a['value']:.3f} "
                f"under {a} -> "
                f"unbounded under {b} ({b} never selects the reference group) (worse under {b})"
            )
    return out


def _words(metric: str) -> str:
    """A comparison metric's name in the compare report's words (the registry's label, marked
    ' (absolute)' when it is |group − reference|: 'Equalized odds difference (absolute)'), as
    the comparison's terminal and HTML name it; the JSON keeps the key."""
    spec = COMPARISON_METRIC_SPECS.get(metric)
    if spec is None:
        return metric
    return spec.label + (" (absolute)" if spec.absolute else "")


def gate_comparison(report: dict, fail_on: str | None = None) -> GateOutcome:
    """The release gate of a model comparison (``ModelComparison.to_dict()``): is the candidate
    B worse than production A?

    ``failures``: comparisons whose verdict under B fails ``fail_on`` (as for an audit).
    ``regressions`` (any ``fail_on`` but ``never``): a verdict worse under B than under A, or a
    paired B − A interval that excludes 0 with B further from parity (EO larger; DI further
    from 1 on the log scale, as ``--baseline`` judges it, even when DI crosses 1; under the
    DI rule ``below`` further below 1 only).
    ``fail_on`` None: the run's own spec gate setting, else the spec's default ``never``.
    """
    fail_on = check_fail_on(_spec_gate(report)["fail_on"] if fail_on is None else fail_on)
    if fail_on == "never":
        return GateOutcome(fail_on)
    bad = FAIL_LEVELS[fail_on]
    a, b = report["models"]["a"], report["models"]["b"]
    failures, worse, rule = [], [], _di_rule(report)
    for v in report["verdicts"]:
        key = spaced_key(v["attribute"], v["group"])
        if v["status_b"] in bad:
            failures.append(f"{key} under {b} ({v['status_b']})")
        if _RANK.get(v["status_b"], 0) > _RANK.get(v["status_a"], 0):
            worse.append(f"{key}: verdict {v['status_a']} under {a} -> {v['status_b']} under {b}")
    worse += _unbounded_under_b(report, rule)
    for d in report["differences"]:
        iv, key = d["difference"], spaced_key(d["attribute"], d["group"])
        if d["metric"] not in GATED_METRICS or iv["ci_low"] is None:
            continue
        va, vb = d["value_a"], d["value_b"]
        changed = iv["ci_low"] > 0 or iv["ci_high"] < 0  # the paired interval excludes 0
        hit = changed and va is not None and vb is not None
        if hit and _further(d["metric"], vb, va, rule) > 0:
            worse.append(
                f"{key}: {_words(d['metric'])} {b} - {a} = {iv['value']:z.3f} "
                f"[{_beside(iv['ci_low'], 0.0)}, {_beside(iv['ci_high'], 0.0)}] (worse under {b})"
            )
    return GateOutcome(
        fail_on, tuple(failures), tuple(worse), f"{a}{_MODEL_A}", names=report_names(report)
    )
