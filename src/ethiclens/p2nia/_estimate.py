"""The auditor's estimate from a release, computed by the fairness core.

1. The released table becomes per-group cell counts (the core's ``tp, fp, fn, tn``, or
   ``pos, neg`` when Y is not released), i.e. the released joint of (A, Y, Ŷ).
2. The registered mechanism turns a released joint into an estimate of the true joint (GRR:
   the inverse of its response matrices, projected onto the simplex; MST/AIM: the synthetic
   table is itself the estimate).
3. DP, EO, EOpp are the core's count metrics of that joint (``_metrics``).
4. Replicates: the mechanism draws bootstrap replicates of the released cells with the core's
   vectorised draws (GRR: a multinomial resample of the n′ released rows; tables read as data:
   Jeffreys draws per group), each replicate goes through steps 2–3 at once (no Python loop over
   replicates), and the interval is the equal-tailed percentile interval of the replicates,
   widened to contain the estimate where needed (the method says so). A gap, the largest of m
   signed gaps between groups, folds their intervals, each at the Bonferroni level
   1 − (1 − level)/m so that the max's interval has the level (one signed gap: the level).
5. Status, from the core's vocabulary: ``UNDEFINED`` (a condition with no mass, with the
   reason), ``INSUFFICIENT_DATA`` (a group below the policy's floor, a GRR group whose
   debiased size cannot rule out that the data holds none of its rows, or too many undefined
   replicates for an interval: the value is shown, no interval, as in the audit, and the
   reason says which) or ``REPORTED`` (estimated; P2NIA judges no threshold).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import json
import math
import os
import shlex
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd

from .._checks import (
    MAX_DRAWS,
    SKLEARN_SEED_LIMIT,
    _nines,
    check_argument_type,
    check_draws,
    check_level,
    check_level_draws,
    names_words,
    split_list,
)
from .._keywords import refusing_unknown_keywords
from .._text import mass_text, one_line, percent, plural, spaced_key
from .._version import __version__
from ..errors import EthicLensInputError
from ..fairness import (
    FOLDED,
    INSUFFICIENT_DATA,
    REPORTED,
    UNDEFINED,
    UNDEFINED_METHOD,
    MetricEstimate,
    Policy,
    check_policy,
    estimates_html,
    folded_max,
    metric_status,
    missing_value_codes,
    missing_value_codes_text,
)
from ..io import sha256_file
from ._common import TABLE, article, budget_note, no_rows_held, number_text, sum_text
from ._defaults import N_BOOT
from ._mechanisms import get_mechanism
from ._metrics import NEEDS_Y, cells_from_joint, metrics_from_cells, signed_gaps
from ._protocol import (
    MANIFEST,
    Release,
    _check_metrics,
    _metrics_error,
    _with_budget,
    as_list,
    as_request,
    check_digests,
    check_release_for,
    check_release_parts,
    check_seed,
    known_metrics,
    listed,
    read_release,
    validate_manifest,
)
from ._roles import LABEL, PREDICTION

SCHEMA_VERSION = "1.1"  # 1.1: config (seed, draws, level, metrics) and run (inputs' SHA-256)
ESTIMATE_FORMAT = "ethiclens-p2nia-estimate/1"
BELOW_FLOOR_METHOD = "not reported: below the sample floor"
# no draws asked for, said as every face gives it (the flag first, as the draws' other words)
NO_DRAWS = "--n-boot 0; n_boot=0 in Python"
NO_INTERVAL_METHOD = f"not computed ({NO_DRAWS})"
TOO_FEW_DRAWS_METHOD = "none (too few draws for its Bonferroni level)"
GROUPS_LISTED = 10  # a reason names at most this many groups, then how many more
NOISE_METHOD = "not reported: the noise left no estimated rows"
# The most draws n_boot not given is raised to for the gaps' Bonferroni levels (20 groups'
# EO, 7,600 draws: 1.4 s measured; 32 groups' 19,840: 8.8 s): past it the gap has no interval
DEFAULT_MOST = 10_000
# How a gap's method says why the draws were raised (n_boot not given).
RAISED = "n_boot not given, so as many as put one draw outside each interval of its level"
# Above this mass below 0, in units of the released rows (0.01: 1% of them), what the
# projection onto the simplex clipped from the debiased (GRR) table says that the noise
# outweighs the smaller cells: the estimate gets a note (docs/p2nia.md). The numbers are not
# changed.
CLIPPED_SHARE_NOTE = 0.01
# A GRR group is INSUFFICIENT_DATA unless its debiased size (the protected attribute's own
# unclipped marginal) lies this many standard errors of an empty group above 1 row: the
# one-sided 97.5% test that the data holds any of its rows (a requested group with no rows
# was estimated at 727 of 5,000 rows by the projection; docs/p2nia.md).
EMPTY_GROUP_Z = 1.959963984540054


@refusing_unknown_keywords
@dataclass
class Estimate:
    """A P2NIA estimate: per metric ``value, ci_low, ci_high, ci_method, status, reason``."""

    values: dict  # metric -> MetricEstimate.to_dict()
    mechanism: str
    epsilon: float
    delta: float | None
    rows: int
    basis: str
    accounting: str = "record"
    record_epsilon: float | None = None
    groups: list = field(default_factory=list)
    policy: dict = field(default_factory=dict)
    interval_method: str | None = None  # the mechanism's interval method, without notes
    notes: list = field(default_factory=list)  # what the estimate's reader must know first
    interval_leaves_out: str | None = None  # the mechanism's words, on each interval's line
    config: dict = field(default_factory=dict)  # the settings that repeat it: seed, draws, ...
    run: dict = field(default_factory=dict)  # time, version, the inputs' SHA-256, the command
    cli_settings: bool = field(default=False, repr=False)  # settings the CLI can give

    def to_dict(self) -> dict:
        """JSON form, schema ``p2nia/estimate.schema.json`` (``schema_version`` 1.1)."""
        return {
            "schema_version": SCHEMA_VERSION,
            "format": ESTIMATE_FORMAT,
            "metrics": self.values,
            "mechanism": self.mechanism,
            "epsilon": self.epsilon,
            "accounting": self.accounting,
            "record_epsilon": self.record_epsilon,
            "delta": self.delta,
            "rows": self.rows,
            "basis": self.basis,
            "groups": self.groups,
            "policy": self.policy,
            "notes": list(self.notes),
            "config": json.loads(json.dumps(self.config)),
            "run": json.loads(json.dumps(self.run)),
        }

    def record_inputs(self, folder, request=None) -> Estimate:
        """Record in :attr:`run` the SHA-256 of the release folder's files (``manifest.json``,
        ``release.csv``) and of the auditor's request file this estimate was made from, and the
        command that repeats it (:func:`estimate` does so when given their paths; the CLI reads
        and checks them first). A file that changed since the estimate read it is refused."""
        fix = "give the release folder (and request file) this estimate was made from"
        check_argument_type(
            folder, (str, os.PathLike), column="folder", problem="must be a path, not", fix=fix
        )
        d, known = Path(folder), self.run["input"]
        try:
            manifest = (d / MANIFEST).read_bytes()
            files = {MANIFEST: hashlib.sha256(manifest).hexdigest(), TABLE: sha256_file(d / TABLE)}
            asked = _request_record(request)
        except OSError as exc:  # named by the argument whose file it is
            mine = isinstance(request, (str, os.PathLike)) and exc.filename == os.fspath(request)
            raise EthicLensInputError(
                f"cannot read {exc.filename} ({exc.strerror})",
                column="request" if mine else "folder",
                fix=fix,
                kind="argument",
            ) from None
        try:
            same = json.loads(manifest).get("manifest_sha256") == known["manifest_sha256"]
        except (ValueError, AttributeError):
            same = False
        for name, ok in ((MANIFEST, same), (TABLE, files[TABLE] == known["table_sha256"])):
            if not ok:
                raise EthicLensInputError(
                    "changed while the estimate read it: its SHA-256 is not the one estimated",
                    column=name,
                    kind="file",
                    fix="estimate again once the release folder is no longer being written",
                )
        # a request the release was not made for, as the command refuses it: never recorded
        check_release_for(Release(pd.DataFrame(), json.loads(manifest)), request)
        known.update(folder=os.fspath(folder), files=files)
        self.run["request"] = asked or self.run.get("request")
        self.run["repeat"] = self._repeat()
        return self

    def _repeat(self) -> str | None:
        """The ``ethiclens p2nia estimate`` command that repeats this estimate to the same
        numbers; None when it was not read from a folder, or its settings (policy, metrics) are
        not the CLI's (``config`` and ``policy`` then hold them for Python)."""
        folder = self.run.get("input", {}).get("folder")
        if folder is None or not self.cli_settings:
            return None
        seed, draws = (str(self.config[k]) for k in ("random_state", "n_boot"))
        folder = os.path.join(".", folder) if folder.startswith("-") else folder  # no option
        words = ["ethiclens", "p2nia", "estimate", folder, "--seed", seed, "--n-boot", draws]
        if (self.run.get("request") or {}).get("file"):
            words += ["--request", self.run["request"]["file"]]
        if (level := self.config["confidence_level"]) != 0.95:
            words += ["--confidence-level", str(level)]
        return shlex.join(words)

    def methods(self) -> str:
        """The interval methods of the metrics, each once: the mechanism's once, what a
        metric's interval adds to it after it, named by the metric ("...; for EO: each of its 2
        signed differences ..."), as :meth:`lines` adds it to the metric's row. Where some
        metric has an interval, a metric without one is left out (its status and reason say
        why, as on the terminal)."""
        base, shown, added = self.interval_method, set(), []
        values = {k: v for k, v in self.values.items() if _has_interval(v)} or self.values
        for k, v in values.items():
            method = v["ci_method"]
            if not (base and method.startswith(base)):
                shown.add(method)
                continue
            shown.add(base)
            if method != base:  # the gaps' Bonferroni level, the draws raised for it
                added.append(f"; for {k.upper()}: {_added(method[len(base) :])}")
        return "; ".join(m + ("".join(added) if m == base else "") for m in sorted(shown))

    def lines(self) -> list[str]:
        """The terminal view: one line per metric (value [interval], status, why, and what its
        interval adds to the method), then the interval method, once."""
        out, base = [], self.interval_method
        for k, v in self.values.items():
            value = "undefined" if v["value"] is None else f"{v['value']:z.4f}"
            # one end missing (null: unbounded or undefined) reads —, as the HTML page's
            ci = f" [{_end(v['ci_low'])}, {_end(v['ci_high'])}]" if _has_interval(v) else ""
            notes = [v["reason"]] if v["reason"] else []
            if base and _has_interval(v) and v["ci_method"].startswith(base):
                notes += [_added(v["ci_method"][len(base) :])] * (v["ci_method"] != base)
            if _has_interval(v) and self.interval_leaves_out:
                notes.append(self.interval_leaves_out)
            why = f" ({'; '.join(notes)})" if notes else ""
            out.append(one_line(f"  {k.upper():5} {value}{ci}  {v['status']}{why}"))
        # one line each, controls escaped: a reason quotes the platform's group names; the
        # intervals' method only where one was computed, else what the HTML report says
        level = (self.config or {}).get("confidence_level", 0.95)
        # another level than 95% stated, as the audit's '90% intervals: ...' states it
        level = f"{percent(level)} " if level != 0.95 else ""
        if not any(_has_interval(v) for v in self.values.values()):
            base, level = None, ""
        out += [one_line(f"  note: {note}") for note in self.notes]
        return out + [one_line(f"  {level}intervals: {base or self.methods()}")]

    def described(self) -> str:
        """What the estimate rests on and its notes, for a report's heading (the HTML)."""
        return " ".join([self.basis, *self._notes()])

    def _notes(self) -> list[str]:
        """The notes as a report's heading shows them, with what the intervals leave out."""
        notes = [*self.notes]
        if self.interval_leaves_out and any(_has_interval(v) for v in self.values.values()):
            notes.append(f"for every metric, {self.interval_leaves_out}.")
        return [f"Note: {n}" for n in notes]

    def header(self) -> str:
        """The line above :meth:`lines`: what the estimate rests on (the manifest's words, the
        platform's, escaped onto one line)."""
        return one_line(
            f"Estimated from {article(self.basis)} {self.basis}; the manifest's and table's "
            "SHA-256 verified."
        )

    def _setting(self) -> str:
        # names the mechanism, rows, ε, the δ its guarantee uses (and a per-column accounting)
        text = one_line(self.basis)
        if "accounting" not in text:
            text += f"; {self.accounting} accounting"
        return text

    def __repr__(self) -> str:
        parts = [
            f"{name} {_end(v.get('value'))} [{v.get('status')}]" for name, v in self.values.items()
        ]
        return f"Estimate({'; '.join(parts)}; {self._setting()})"

    def _repr_html_(self) -> str:
        """Notebook view: each metric's value [CI], status in colour and words, and why."""
        stats = {name: MetricEstimate(**v) for name, v in self.values.items()}
        setting = " ".join([self._setting(), *self._notes()])
        names = [g.get("group") if isinstance(g, dict) else g for g in self.groups]
        return estimates_html("EthicLens P2NIA estimate", stats, setting, names=names)


def _has_interval(v: dict) -> bool:
    """Whether a metric's interval was computed: either end given (the other may be null)."""
    return v["ci_low"] is not None or v["ci_high"] is not None


def _added(rest: str) -> str:
    """What an interval's method adds to the mechanism's, whole, one level of parentheses
    shed: each of its parts (split at ``"; "`` outside parentheses) reads without the
    parentheses around it, ``" (note)"`` as ``note`` and ``"; signed: (k of B ... (1.0%),
    excluded)"`` as ``signed: k of B ... (1.0%), excluded``; a part's inner parentheses
    are kept, closed (the line wraps the notes in its own)."""
    return "; ".join(_unwrapped(part) for part in _parts(rest.lstrip(" :;")))


def _parts(text: str) -> list[str]:
    """``text`` split at each ``"; "`` outside parentheses."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        depth += (c == "(") - (c == ")")
        if depth == 0 and text.startswith("; ", i):
            parts.append(text[start:i])
            start = i + 2
    return [*parts, text[start:]]


def _unwrapped(part: str) -> str:
    """One part without the parentheses that hold all of it (after a ``label: ``)."""
    label, sep, rest = part.partition(": (")
    head, body = (f"{label}: ", f"({rest}") if sep and _balanced(label) else ("", part)
    inner = body[1:-1]
    if body[:1] == "(" and body[-1:] == ")" and _balanced(inner):
        return head + inner
    return part


def _balanced(text: str) -> bool:
    """Whether every parenthesis of ``text`` is closed, and none before it opens."""
    depth = 0
    for c in text:
        depth += (c == "(") - (c == ")")
        if depth < 0:
            return False
    return depth == 0


def _end(x) -> str:
    """An interval's end as the terminal shows it; a null one (unbounded, undefined) reads —."""
    return "—" if x is None else f"{x:z.4f}"


@cache
def load_estimate_schema() -> dict:
    """The versioned JSON schema of ``Estimate.to_dict()`` / ``p2nia estimate --json``."""
    text = resources.files(__package__).joinpath("estimate.schema.json").read_text("utf-8")
    return json.loads(text)


def validate_estimate_output(document: dict) -> None:
    """Raise ``jsonschema.ValidationError`` when ``document`` does not follow the schema."""
    from .._jsonschema import validate  # the schema checked once, not on every call

    validate(document, load_estimate_schema())


def check_n_boot(value, where: str = "--n-boot") -> int | None:
    """Interval draws, as every command checks them (0: no intervals; None: not given, the
    default: 500, or as many as the release's groups need); the fix says to leave them out
    (a given 500 is kept as given: 6 groups' EO, needing 600, then has no interval)."""
    if value is None:
        return None
    try:
        return check_draws(value, where, allow_zero=True, default=N_BOOT)
    except EthicLensInputError as exc:
        said = f"leave {where} out (the default: {N_BOOT}, more for many groups' gaps), or use"
        fix = exc.fix.replace(f"use {N_BOOT} (the default) or", said)
        raise EthicLensInputError(
            exc.problem, column=exc.column, value=exc.value, fix=fix, kind=exc.kind
        ) from None


def released_counts(rel) -> tuple[np.ndarray, list[str], bool]:
    """Counts of the released joint: (|A|, 2, 2) [a, y, ŷ] with Y, else (|A|, 2) [a, ŷ]."""
    m = rel.manifest
    prot = m["roles"]["protected"]
    domain = [str(v) for v in m["columns"][prot]["domain"]]
    a = pd.Categorical(rel.table[prot].astype(str), categories=domain).codes.astype(np.int64)
    if (a < 0).any():
        raise EthicLensInputError(
            "released group values outside the manifest's domain", column=prot
        )
    flat, shape = a, (len(domain),)
    for col in ([LABEL] if m["roles"]["label"] else []) + [PREDICTION]:  # 0/1 each
        flat, shape = flat * 2 + rel.table[col].to_numpy().astype(np.int64), (*shape, 2)
    return np.bincount(flat, minlength=math.prod(shape)).reshape(shape), domain, len(shape) == 3


# The rates each metric compares: EOpp only the TPR (positive labels), EO the TPR and the FPR.
_RATES = {"dp": ("selection rate",), "eo": ("TPR", "FPR"), "eopp": ("TPR",)}


def _undefined_reason(metric, cells, labelled, domain) -> str:
    """Which groups lack the mass the metric's own rates divide by (EOpp: positive labels
    only), and which of its rates that leaves undefined."""
    n = cells.sum(axis=-1)
    empty = [domain[g] for g in range(len(domain)) if n[g] <= 0]
    if metric == "dp" or empty:
        rates = " and ".join(_RATES[metric])
        verb = "are" if len(_RATES[metric]) > 1 else "is"
        named = f"{names_words(empty[:GROUPS_LISTED])}{_more(empty)}"
        return f"no (estimated) rows in group(s) {named}: the {rates} {verb} undefined"
    short = {
        "TPR": ("positive", cells[:, 0] + cells[:, 2]),
        "FPR": ("negative", cells[:, 1] + cells[:, 3]),
    }
    clauses, undefined = [], []
    for rate in _RATES[metric]:
        label, mass = short[rate]
        lacking = [
            f"{domain[g]} has no (estimated) {label} labels" for g in range(len(n)) if mass[g] <= 0
        ]
        clauses += lacking[:GROUPS_LISTED]
        more = len(lacking) - GROUPS_LISTED
        clauses += [f"{more:,} more have none"] * (more > 0)
        undefined += [rate] if lacking else []
    verb = "are" if len(undefined) > 1 else "is"
    return "; ".join(clauses) + f": the {' and '.join(undefined)} {verb} undefined"


def _more(groups: list) -> str:
    """What a reason naming the first ``GROUPS_LISTED`` of ``groups`` adds: how many more."""
    return f" and {len(groups) - GROUPS_LISTED:,} more" if len(groups) > GROUPS_LISTED else ""


_mass = mass_text  # an estimated count as it is (the estimate page says it alike)


def _below_floor(metric, cells, labelled, domain, policy: Policy, attribute: str) -> str | None:
    """Reason when a group is below the policy floor, as the audit writes it: DP's group size,
    EOpp's positive labels (its TPR counts only those), EO's positive and negative labels."""
    if NEEDS_Y[metric]:
        floor, masses = policy.min_label_count, {"positive": cells[:, 0] + cells[:, 2]}
        if metric == "eo":
            masses["negative"] = cells[:, 1] + cells[:, 3]
    else:
        floor, masses = policy.min_group_size, {"n": cells.sum(axis=-1)}
    each = " each" if len(masses) > 1 else ""
    short = []
    for g in range(len(domain)):
        if any(m[g] < floor for m in masses.values()):
            texts = [_mass(m[g]) for m in masses.values()]
            said = " / ".join(f"{t} {word}" for t, word in zip(texts, masses, strict=True))
            labels = "label" if texts == ["1"] else "labels"  # '1 positive label'
            said = f"{said} {labels}" if NEEDS_Y[metric] else f"n = {_mass(masses['n'][g])}"
            where = spaced_key(attribute, domain[g])  # g:' d', as the audit says it
            short.append(f"{said}, below the floor of {floor:,}{each} ({where})")
    return "; ".join(short) or None


def _checked_release(rel, request) -> Release:
    """``rel`` as a verified :class:`Release` (read from its folder when a path), made for
    ``request`` when the auditor gives theirs."""
    if isinstance(rel, (str, os.PathLike)):
        try:
            rel = read_release(rel)
        except EthicLensInputError as exc:  # the folder named as this face's argument
            if exc.column != "release_dir":
                raise
            raise exc.renamed({"release_dir": "rel"}, "argument") from None
    check_argument_type(
        rel,
        Release,
        column="rel",
        problem="must be a Release or the path of a release folder, not",
        fix="pass read_release(folder), release(...)'s result, or the folder's path",
    )
    m = check_release_parts(rel).manifest
    check_digests(rel)  # read from its folder: still what its digests cover
    if "manifest_sha256" not in m:  # made in memory: no digests, no budget record written yet
        m = {**m, "table": TABLE, "sha256": "", "manifest_sha256": ""}
        with contextlib.suppress(AttributeError, KeyError, TypeError, ValueError):  # named below
            m = m if "budget" in m else _with_budget(dict(m), Path(), False, None)
    validate_manifest(m, rel.table)
    check_release_for(rel, request)  # the auditor's own request, when given
    return rel


@refusing_unknown_keywords
def estimate(
    rel,
    *,
    request=None,
    metrics=None,
    n_boot: int | None = None,
    random_state=0,
    policy: Policy | None = None,
    level: float = 0.95,
) -> Estimate:
    """DP, EO, EOpp from a release, with bootstrap intervals and statuses from the fairness core.

    Parameters
    ----------
    rel : Release or path
        A release (from :func:`read_release` or :func:`release`), or the folder
        :func:`write_release` wrote (read and verified with :func:`read_release`).
    request : AuditRequest, dict or path, optional
        The auditor's own request (its ``to_dict()``, or its file): a release made for another
        request (n′, ε, δ, mechanism, accounting, protected attribute, groups or metrics) is
        refused, naming what differs.
    metrics : str or list of str, optional
        Subset of the request's metrics, each once (a string: one or more, comma-separated,
        as ``make_request`` takes them).
    n_boot : int, optional
        Bootstrap replicates (0: no intervals). Not given: 500, or as many as the asked
        metrics' Bonferroni levels need for the release's groups (20·m for m signed gaps at
        95%, up to 10,000: 6 groups' EO takes 600); the gaps' methods say so. Given too few
        for a gap's level: that gap has no interval, its reason says how many it needs.
    random_state : int or None
        Seed of the replicates (below 2**32); None draws one. The seed used is recorded
        (``config["random_state"]``) with the draws, so the estimate can be repeated.
    policy : Policy, optional
        Sample floors (``min_group_size`` for DP, ``min_label_count`` for EO/EOpp), applied to
        the estimated group and label counts (n′ times the estimated joint for GRR).
    level : float
        Confidence level of the intervals.
    """
    source = rel if isinstance(rel, (str, os.PathLike)) else None
    asked, random_state, level = _checked_settings(n_boot, random_state, level)
    rel = _checked_release(rel, request)
    policy = check_policy(policy)  # default: Policy()
    m = rel.manifest
    metrics = _metrics_asked(m, metrics)
    mech = get_mechanism(m["mechanism"], f"{TABLE}: mechanism")
    counts, basis = _estimated_cells(rel, mech)
    n_boot = _draws_for(level, metrics, len(basis.domain)) if asked is None else asked
    _check_draws_fit(n_boot, len(basis.domain), metrics)
    point = metrics_from_cells(basis.cells, basis.labelled, metrics)
    rep_cells = _replicates(mech, counts, m, basis.labelled, n_boot, random_state)
    values = {
        k: _metric_estimate(k, float(point[k]), rep_cells, basis, policy, mech.ci_method, level)
        for k in metrics
    }
    if asked is None:  # raised for a level, or stopped at DEFAULT_MOST: each metric says so
        values = {k: _raised(v, n_boot) for k, v in values.items()}
    est = _estimate_of(m, values, basis, policy, mech)
    _annotate(est, mech, counts / counts.sum(), m, basis, n_boot)
    _record(est, m, metrics, request, {"random_state": random_state, "n_boot": n_boot}, level)
    return est.record_inputs(source, request) if source is not None else est


def _annotate(est, mech, shares, m, basis, n_boot: int) -> None:
    """``est``'s interval method and notes: the noise's clipping, a group named like a
    missing-value code ('?')."""
    est.interval_method = mech.ci_method + FOLDED if n_boot else None
    est.notes = _noise_notes(mech.clipped_share(shares, m)) + _missing_code_notes(basis)


def _checked_settings(n_boot, random_state, level) -> tuple:
    """``estimate``'s settings, checked first: a refusal that depends on them alone comes
    before the release is read. ``n_boot`` None stays None (drawn for the groups:
    :func:`_draws_for`); the seed is the one used; ``level`` as everywhere (a float32 0.9 is
    0.9)."""
    asked = check_n_boot(n_boot, "n_boot")
    random_state = _seed_used(random_state)
    level = check_level(level, "level")
    check_level_draws(asked, level, "level")
    return asked, random_state, level


def _draws_for(level, metrics, groups: int) -> int:
    """The draws of ``n_boot`` not given: :data:`N_BOOT`, or as many as the highest
    Bonferroni level of the asked ``metrics`` of ``groups`` groups needs (one draw outside
    each interval, ``check_level_draws``' rule: 20·m at 95%), of the levels
    :data:`DEFAULT_MOST` draws reach (a gap past it has no interval, its reason says why).
    Two groups at 95% need 40 (EO): 500, as before. A level no default reaches even for one
    difference (0.99999) is refused, as a given n_boot is."""
    pairs = groups * (groups - 1) // 2
    needs = [N_BOOT]
    for k in metrics:
        joint, _ = _joint_level(level, max(1, pairs * len(_RATES[k])), k, pairs, groups)
        needs.append(math.ceil(1 / (1 - joint)))
    drawn = max([n for n in needs if n <= DEFAULT_MOST])
    check_level_draws(drawn, level, "level")
    return drawn


# The memory an estimate's draws may take: each draw holds its groups' cells as the mechanism
# debiases them and every signed gap of the widest metric (EO: 2 per pair of groups), so
# 200 groups' 39,800 EO gaps over the 796,000 draws their level needs would take some 300
# GB, which ended in a MemoryError traceback (or the system's OOM kill) instead of a refusal
DRAWS_MEMORY = 4 * 2**30


def _draws_that_fit(groups: int, metrics) -> int:
    """The most draws of ``groups`` groups' ``metrics`` that :data:`DRAWS_MEMORY` holds
    (8 bytes a number: twice the widest metric's signed gaps, 64 numbers per group)."""
    pairs = groups * (groups - 1) // 2
    widest = max([pairs * len(_RATES[k]) for k in metrics] or [1])
    return min(MAX_DRAWS, DRAWS_MEMORY // (8 * (2 * widest + 64 * groups)))


def _check_draws_fit(n_boot: int, groups: int, metrics) -> None:
    """Refuse ``n_boot`` draws that :data:`DRAWS_MEMORY` cannot hold for these groups."""
    most = _draws_that_fit(groups, metrics)
    if n_boot > most:
        raise EthicLensInputError(
            f"{n_boot:,} draws of the {groups:,} groups' signed differences need more than "
            f"{DRAWS_MEMORY // 2**30} GiB of memory: at most {most:,} fit",
            column="n_boot",
            kind="argument",
            value=n_boot,
            fix=f"use at most {most:,} draws, fewer metrics or groups, or a lower confidence "
            "level (its Bonferroni level then needs fewer draws)",
        )


def _raised(v: MetricEstimate, n_boot: int) -> MetricEstimate:
    """A metric's estimate whose draws were raised past :data:`N_BOOT` (n_boot not given),
    its method saying how many and why where it has an interval; a gap whose level needs more
    than :data:`DEFAULT_MOST` has none, its reason saying where the default stopped."""
    if v.ci_method == TOO_FEW_DRAWS_METHOD:
        stop = f"; n_boot was not given, and the draws it then takes stop at {DEFAULT_MOST:,}"
        return replace(v, reason=v.reason + stop)
    if n_boot <= N_BOOT or (v.ci_low is None and v.ci_high is None):
        return v
    said = f"; from {n_boot:,} draws, not {N_BOOT:,}: {RAISED}"
    return replace(v, ci_method=v.ci_method + said)


def _estimated_cells(rel, mech) -> tuple[np.ndarray, _Cells]:
    """The release's counts and, from them, the estimated counts per group and cell (the
    mechanism's joint, its noise removed) with the released table's own cells beside them."""
    m = rel.manifest
    counts, domain, labelled = released_counts(rel)
    n = counts.sum()
    cells = cells_from_joint(mech.joint(counts / n, m), labelled) * n
    released = cells_from_joint(counts, labelled)
    basis = _Cells(cells, labelled, domain, m["roles"]["protected"], released)
    # each group's debiased size before the projection and the standard error of the size of
    # a group with no rows (GRR); the basis unchanged where the mechanism has neither
    raw, se = mech.unclipped(counts / n, m), mech.empty_group_se(m, int(n))
    if raw is None or se is None:
        return counts, basis
    sizes = cells_from_joint(raw, labelled).sum(axis=-1) * n
    return counts, replace(basis, debiased=sizes, empty_se=se)


def _seed_used(random_state) -> int:
    """The seed checked (a non-negative integer below 2**32), or one drawn for None, as a
    spec's null seed is: recorded, so that the estimate can be repeated."""
    seed = check_seed(random_state, "random_state")
    return int(np.random.SeedSequence().entropy % SKLEARN_SEED_LIMIT if seed is None else seed)


def _record(est: Estimate, m: dict, metrics: list, request, draws: dict, level: float) -> None:
    """Fill ``est``'s config (the settings that repeat it: ``draws``, the seed used and n_boot;
    never the release's own seed, which is not in the release) and run record (UTC time,
    version, the manifest's SHA-256 of the table and of itself, the request; the files' own
    once read from a folder)."""
    est.config = {"ethiclens_version": __version__, **draws, "confidence_level": level}
    est.config["metrics"] = list(metrics)
    floors = {k: getattr(Policy(), k) for k in est.policy}  # the CLI's
    est.cli_settings = (est.policy, metrics) == (floors, _metrics_asked(m, None))
    est.run = {
        "generated_at": _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"),
        "ethiclens_version": __version__,
        "input": {
            "kind": "p2nia release",
            "folder": None,
            "files": {},
            "table_sha256": m.get("sha256") or None,
            "manifest_sha256": m.get("manifest_sha256") or None,
            "rows": int(m["rows"]),
        },
        "request": _request_record(request),
        "repeat": None,
    }


def _request_record(request) -> dict | None:
    """The auditor's request the release was checked against: its file as typed and the file's
    SHA-256, or no file (an ``AuditRequest`` or dict); None when none was given."""
    if request is None:
        return None
    if not isinstance(request, (str, os.PathLike)):
        as_request(request, "request")  # an AuditRequest or its dict: anything else refused
        return {"file": None, "sha256": None}
    return {"file": os.fspath(request), "sha256": sha256_file(request)}


# How P2NIA leaves out a group named like a missing value: the auditor requests the groups
# without it and the platform drops its rows (a release refuses values outside the domain).
LEAVE_OUT = (
    "p2nia request --groups without {it}, the platform dropping {its} rows before the release"
)


def _missing_code_notes(basis: _Cells) -> list[str]:
    """The audit's note on groups named like a missing value ('?', 'NA', 'n/a'), in P2NIA's
    words: such a group is estimated as a group of its own."""
    codes = missing_value_codes(basis.domain)
    if not codes:
        return []
    return [missing_value_codes_text(basis.attribute, codes, leave_out=LEAVE_OUT)]


def _noise_notes(clipped: float | None) -> list[str]:
    """The note of an estimate whose debiased table had a mass below 0 (clipped by the
    projection onto the simplex) of more than :data:`CLIPPED_SHARE_NOTE` of the released
    rows: the metrics of such a table lean towards large gaps."""
    if clipped is None or clipped <= CLIPPED_SHARE_NOTE:
        return []
    return [
        f"the mechanism's noise dominates: debiasing pushed cells below 0 by a mass of "
        f"{_clipped_mass(clipped)} the released rows (more than {CLIPPED_SHARE_NOTE:.0%} of them), "
        "which the projection onto a distribution clipped to 0, so the estimates lean towards "
        "larger gaps than the data's; request more rows (--n) or a larger ε"
    ]


def _clipped_mass(clipped: float) -> str:
    """The clipped mass as the note says it, chosen by the rounded value: a percentage of the
    rows with as many decimals as it takes to stay above the 1% trigger (1.02%, never 1.0%),
    and from 99.95% up (which reads 100.0%) a multiple of them with three significant digits
    (1.00 times, 1.04 times, 16.9 times, 1690 times)."""
    if round(clipped * 100, 1) < 100:
        for digits in range(1, 8):
            text = f"{clipped * 100:.{digits}f}"
            if float(text) > CLIPPED_SHARE_NOTE * 100:
                break
        return f"{text}% of"
    digits = 2 if clipped < 9.995 else 1 if clipped < 99.95 else 0
    return f"{clipped:.{digits}f} times"


def _replicates(mech, counts, manifest, labelled, n_boot, random_state) -> np.ndarray | None:
    """The groups' cells in each bootstrap replicate (None when ``n_boot`` is 0): the
    mechanism's draws of the released cells, each turned into an estimated joint at once."""
    if not n_boot:
        return None
    rng = np.random.default_rng(random_state)
    draws = mech.draw(counts, n_boot, rng)
    noise = mech.noise_draws(counts, manifest, n_boot, rng)
    if noise is not None:  # the mechanism's own noise on the released cells (MST, AIM)
        draws = np.clip(draws + noise, 0, None)
    totals = draws.reshape(n_boot, -1).sum(axis=1)
    shape = (n_boot,) + (1,) * counts.ndim
    with np.errstate(invalid="ignore", divide="ignore"):
        rep_joint = mech.joint(draws / totals.reshape(shape), manifest)
    return cells_from_joint(rep_joint, labelled)


@dataclass(frozen=True)
class _Cells:
    """The estimated cell counts of every group of the protected attribute."""

    cells: np.ndarray
    labelled: bool
    domain: list
    attribute: str
    released: np.ndarray | None = None  # the released table's cells, before the noise is removed
    debiased: np.ndarray | None = None  # GRR: each group's unclipped debiased size, in rows
    empty_se: float | None = None  # GRR: the standard error of that size for a group of 0 rows


def _maybe_empty(basis: _Cells) -> str | None:
    """Why groups may hold no rows of the data (GRR): a debiased size n̂ whose one-sided 97.5%
    lower bound n̂ − z·SE₀ is below 1 row (:data:`EMPTY_GROUP_Z`; SE₀ the spread of n̂ for a
    group with no rows, :meth:`Mechanism.empty_group_se`); None when every group clears it."""
    if basis.debiased is None:
        return None
    margin = EMPTY_GROUP_Z * basis.empty_se
    empty = [
        f"{spaced_key(basis.attribute, basis.domain[g])} may hold none of the data's rows: "
        "its debiased "
        f"size {basis.debiased[g]:.1f} (n = {_mass(basis.cells[g].sum())} after clipping) is "
        f"below {1 + margin:.1f}, 1 row plus 1.96 standard errors ({basis.empty_se:.1f}) of "
        "the size of a group with no rows"
        for g in range(len(basis.domain))
        if basis.debiased[g] - margin < 1
    ]
    if not empty:
        return None
    return "; ".join(empty) + ": request more rows (--n) or a larger ε"


def _metric_estimate(k, value, rep_cells, basis: _Cells, policy, method, level) -> MetricEstimate:
    """One metric's estimate: UNDEFINED, INSUFFICIENT_DATA (no interval) or REPORTED with the
    interval from its replicates (``rep_cells``, the groups' cells in each; None: not
    computed; :func:`_gap_interval`)."""
    defined = np.isfinite(value)
    below = None
    if defined:
        below = _below_floor(k, basis.cells, basis.labelled, basis.domain, policy, basis.attribute)
        below = "; ".join(filter(None, [below, _maybe_empty(basis)])) or None
    status, reason = metric_status(
        value if defined else None,
        None,
        below_floor=below,
        undefined=lambda: _undefined_reason(k, basis.cells, basis.labelled, basis.domain),
    )
    if status == UNDEFINED and _noise_left_none(k, basis):
        # the release holds the rows the metric divides by; removing the mechanism's noise
        # left none: too little data for this ε, not a 0/0 in the data
        reason += (
            ", though the released table holds such rows: removing the mechanism's noise left "
            "none; request more rows (--n) or a larger ε"
        )
        return MetricEstimate(None, None, None, NOISE_METHOD, INSUFFICIENT_DATA, reason)
    if status == UNDEFINED:
        return MetricEstimate(None, None, None, UNDEFINED_METHOD, status, reason + _unheld(basis))
    if status == INSUFFICIENT_DATA:
        return MetricEstimate(value, None, None, BELOW_FLOOR_METHOD, status, reason)
    if rep_cells is None:  # asked for no interval: the estimate alone, as the audit gives it
        return MetricEstimate(
            value, None, None, NO_INTERVAL_METHOD, REPORTED, "no interval asked for"
        )
    return _gap_interval(k, value, rep_cells, basis, method, level)


def _gap_interval(k, value, rep_cells, basis: _Cells, method, level) -> MetricEstimate:
    """A gap's estimate with its interval. A gap is the largest absolute value of m signed
    gaps (every pair of groups, of each rate the metric compares): its interval is folded at 0
    from their intervals (``folded_max``), so that it can cover a gap of 0 (a percentile
    interval of the absolute gap lies above 0 whatever the data). The max is covered when every
    signed gap is, so with m > 1 each is taken at the Bonferroni level 1 − (1 − level)/m
    (:func:`_joint_level`); draws too few for it (``check_level_draws``' rule) give no
    interval, and the reason says how many it needs."""
    pairs = len(basis.domain) * (len(basis.domain) - 1) // 2
    m = pairs * len(_RATES[k])
    joint, said = _joint_level(level, m, k, pairs, len(basis.domain))
    n_boot = rep_cells.shape[0]
    if n_boot * (1 - joint) < 1:  # no pair drawn: its draws could not reach the level
        needed = math.ceil(1 / (1 - joint))
        fix = f"estimate with --n-boot of at least {needed:,} (n_boot in Python)"
        most = _draws_that_fit(len(basis.domain), [k])  # MAX_DRAWS, or what memory holds
        if needed > most:  # a lower level (2 groups have no fewer), or fewer groups
            top, fewer = 1 - Fraction(m, most), len(basis.domain) > 2
            if most < MAX_DRAWS:  # rounded down to 4 decimals: memory's most is no round count
                top = Fraction(math.floor(top * 10_000), 10_000)
            ways = [f"a --confidence-level of at most {_decimal(top)} (level in Python)"]
            ways = ways[: top > Fraction(1, 2)] + ["fewer groups (a new request)"] * fewer
            held = "" if most == MAX_DRAWS else " that memory holds"
            fix = f"no draws reach it (at most {most:,}{held}): use " + ", or ".join(ways)
        reason = f"no interval: {said}, needs {needed:,} draws (one outside it), more than "
        reason += f"the {n_boot:,} drawn; {fix}"
        return MetricEstimate(value, None, None, TOO_FEW_DRAWS_METHOD, REPORTED, reason)
    # (estimate, replicates) of each signed gap between two groups that the metric takes the
    # largest absolute value of
    points, draws = (signed_gaps(c, basis.labelled, k) for c in (basis.cells, rep_cells))
    signed = [
        (float(p[i]), d[:, i]) for p, d in zip(points, draws, strict=True) for i in range(len(p))
    ]
    iv = folded_max(signed, name=method, level=level if m <= 1 else float(joint))
    if iv.defined and m > 1:  # the level each signed gap was taken at, after the fold's words
        base = method + FOLDED
        iv = replace(
            iv, method=f"{base} ({said}, so that they hold together){iv.method[len(base) :]}"
        )
    if not iv.defined:  # too many undefined replicates: the value without an interval, why
        note = iv.method.removeprefix(method).lstrip(": ").removeprefix("not reported, ")
        reason = (
            f"no interval: {note}, too many to leave out (in those a group has no estimated "
            "rows of a condition the metric divides by); request more rows (--n) or a larger ε"
        )
        # its method says it was not reported, as the audit's own intervals say it
        return MetricEstimate(value, None, None, iv.method, INSUFFICIENT_DATA, reason)
    return MetricEstimate(value, iv.low, iv.high, iv.method, REPORTED, None)


def _joint_level(level, m: int, k: str, pairs: int, groups: int):
    """The level each of a gap's ``m`` signed gaps is taken at, exactly (a ``Fraction``):
    ``level`` itself for one, else the Bonferroni level 1 − (1 − level)/m; and the words that
    say so (for m > 1)."""
    alpha = 1 - Fraction(Decimal(repr(float(level))))
    if m <= 1:
        return 1 - alpha, ""
    joint = 1 - alpha / m
    rates = " and ".join(_RATES[k]).replace("selection rate", "selection-rate")
    whose = "the 2 groups" if pairs == 1 else f"every pair of the {groups:,} groups"
    said = (  # the level in as many digits as tell it from 1 (0.99995, never '1')
        f"each of its {m:,} signed differences, the {rates} gaps of {whose}, at the Bonferroni "
        f"level 1 − {_decimal(alpha)}/{m:,} = {_nines(float(joint))!r}"
    )
    return joint, said


def _decimal(x: Fraction) -> str:
    """An exact decimal ``Fraction`` (1 − a level as written) in plain digits: 0.000001, not
    the 1e-06 that ``:g`` writes (as ``check_level_draws`` writes a level)."""
    return format((Decimal(x.numerator) / Decimal(x.denominator)).normalize(), "f")


def _unheld(basis: _Cells) -> str:
    """What an undefined metric's reason adds of the groups that no released row holds, where
    the mechanism could not rule that out (:func:`_protocol._check_groups_held`)."""
    sizes = basis.released.reshape(len(basis.domain), -1).sum(axis=1)
    unheld = [g for g, size in zip(basis.domain, sizes, strict=True) if size == 0]
    if not unheld:
        return ""
    return (
        f"; {no_rows_held(unheld[:GROUPS_LISTED])}{_more(unheld)}: a release may hold none "
        "of a group the data has few rows "
        "of, or the group was added to the manifest after the release (ask the platform which)"
    )


def _noise_left_none(metric: str, basis: _Cells) -> bool:
    """Whether an undefined metric is defined on the released table's own cells: the groups
    and labels it divides by were released, and only the estimate of the true joint (GRR's
    debiasing, projected onto the simplex) left them no mass."""
    if basis.released is None:
        return False
    with np.errstate(invalid="ignore", divide="ignore"):
        value = metrics_from_cells(basis.released, basis.labelled, [metric])[metric]
    return bool(np.isfinite(value))


def _metrics_asked(m: dict, metrics) -> list:
    """The metrics ``estimate(metrics=...)`` asked of the release with manifest ``m`` (default:
    the request's), known and estimable from the release."""
    try:
        # "dp" or "dp,eo" (as --metrics), or an array, Series or pyarrow array, as make_request's
        metrics = (
            listed(metrics, "--metrics", split_list)
            if isinstance(metrics, str)
            else as_list(metrics)
        )
        if metrics is not None:  # as a request's: none asked for or one twice is refused
            _check_metrics(metrics)
        metrics = known_metrics(m["request"]["metrics"] if metrics is None else metrics)
        needs_y = [x for x in metrics if NEEDS_Y[x]]
        if needs_y and not m["roles"]["label"]:
            problem = f"metrics {needs_y} need Y, which this release does not contain"
            raise _metrics_error(problem, fix="estimate dp only")
        released = list(m["request"]["metrics"])
        beyond = [x for x in metrics if x not in released]
        if beyond:  # the release answers its request's metrics only
            raise _metrics_error(
                f"the release was made for the metrics {released} only",
                beyond,
                f"estimate a subset of {released}, or ask the platform for a release whose "
                f"request includes {beyond}",
            )
    except EthicLensInputError as exc:  # Python's face: the argument, not the option
        raise exc.renamed({"--metrics": "metrics"}, "argument") from None
    return metrics


def _estimate_of(m: dict, values: dict, basis: _Cells, policy: Policy, mech) -> Estimate:
    """The :class:`Estimate` of a release's manifest ``m``: its metrics and what they rest on."""
    record_eps = m.get("record_epsilon", m["epsilon"])
    accounting = m.get("accounting", "record")
    delta = mech.delta_used(m)  # an (ε, δ) mechanism's default where the request gave none
    basis_text = (
        f"{m['mechanism'].upper()} release of {plural(m['rows'], 'row', grouped=False)} at ε = "
        f"{number_text(m['epsilon'])}"
        + (
            f" per column ({accounting} accounting: record-level ε = {sum_text(record_eps)})"
            if accounting != "record"
            else ""
        )
        # δ where the mechanism's guarantee has one: GRR is pure ε whatever an old file says
        + (f", δ = {number_text(delta)}" if delta is not None else "")
        + f" ({m.get('library', '?')})"
        + (f"; {note}" if (note := budget_note(m)) else "")
    )
    groups = [
        {"group": g, "n_estimated": float(basis.cells[i].sum())} for i, g in enumerate(basis.domain)
    ]
    return Estimate(
        {k: v.to_dict() for k, v in values.items()},
        m["mechanism"],
        m["epsilon"],
        delta,
        m["rows"],
        basis_text,
        accounting=accounting,
        record_epsilon=float(record_eps),
        groups=groups,
        policy={"min_group_size": policy.min_group_size, "min_label_count": policy.min_label_count},
        interval_leaves_out=mech.interval_leaves_out,  # the mechanism's words, on each interval
    )
