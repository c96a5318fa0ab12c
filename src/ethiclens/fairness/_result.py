"""Result objects of an audit, with their JSON (schema v1), dict and DataFrame forms."""

from __future__ import annotations

import decimal
import json
import math
from dataclasses import dataclass, field

import pandas as pd

from .._checks import argument_kinds, instance_kind
from .._text import spaced_key, spaced_name
from ..io import json_fields, json_number
from . import _display
from ._gate import _badness
from ._keywords import refusing_unknown_keywords
from ._kinds import items_kind, name_kind
from ._validate import check_flag

SCHEMA_VERSION = "1.0"


def _nan(x) -> float:
    return float("nan") if x is None else float(x)


@dataclass
class MetricEstimate:
    """One metric: point estimate, interval with its method, status and why."""

    value: float | None
    ci_low: float | None
    ci_high: float | None
    ci_method: str
    status: str
    reason: str | None = None

    def to_dict(self) -> dict:
        numbers = {k: json_number(getattr(self, k)) for k in ("value", "ci_low", "ci_high")}
        return {**numbers, **json_fields(self, "ci_method status reason")}


@dataclass
class GroupSummary:
    attribute: str
    group: str
    is_reference: bool
    n: int
    weight_total: float
    n_positive_label: int | None
    n_negative_label: int | None
    metrics: dict[str, MetricEstimate]
    calibration: list[dict] | None = None
    n_effective: float | None = None  # Kish effective rows when the audit is weighted
    # weighted and labelled: each label's Kish effective rows (positive, negative), which the
    # label floor judged; shown by the report's floors table, not part of the JSON
    labels_effective: tuple[float, float] | None = field(default=None, repr=False, compare=False)
    # AUC with its DeLong interval when the audit had row scores (or why not); shown by
    # ``AuditResult.by_group``, not part of the JSON report (schema v1 unchanged)
    auc: MetricEstimate | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        return {
            **json_fields(self, "group is_reference n"),
            "n_effective": json_number(self.n_effective),
            "weight_total": json_number(self.weight_total),
            **json_fields(self, "n_positive_label n_negative_label metrics"),
            "calibration": self.calibration,
        }


_AUC_NOT_KEPT = (
    "not kept: this result was not built by an audit of rows with scores "
    "(use ethiclens.fairness.group_auc)"
)


def _auc_columns(m: MetricEstimate | None, intervals: bool) -> dict:
    """``by_group``'s AUC columns for one group: value, interval, and why any is missing."""
    if m is None:
        m = MetricEstimate(None, None, None, "", "UNDEFINED", _AUC_NOT_KEPT)
    row = {"auc": _nan(m.value)}
    if intervals:
        row["auc_ci_low"] = _nan(m.ci_low)
        row["auc_ci_high"] = _nan(m.ci_high)
    # without a reason, a missing interval's method says why (e.g. "not reported: AUC is 0 or
    # 1, where DeLong's variance is 0")
    row["auc_note"] = m.ci_method if m.reason is None and m.ci_low is None else m.reason
    return row


EMPTY_CROSSINGS_LISTED = 20  # an intersection names at most this many crossings without rows


def empty_crossings(groups: dict, combos, sep: str = "&") -> dict:
    """The crossings of each intersection's observed values that have no rows.

    ``groups``: attribute name -> its groups, the crossings' among them (as the audit counted
    them); ``combos``: the intersections (tuples of attribute names). Returns intersection name
    -> ``(listed, not_listed)``: the first ``EMPTY_CROSSINGS_LISTED`` crossings without rows in
    the order of the components' groups, and how many more there are; only intersections that
    have some.
    """
    from itertools import islice, product

    out = {}
    for combo in combos or []:
        name = sep.join(map(str, combo))
        if name not in groups or any(str(a) not in groups for a in combo):
            continue
        parts = [[str(g) for g in groups[str(a)]] for a in combo]
        present = {str(g) for g in groups[name]}
        missing = math.prod(len(p) for p in parts) - len(present)
        if missing <= 0:
            continue
        # lazily: stops after len(present) + the cap at most
        absent = (label for label in map(sep.join, product(*parts)) if label not in present)
        listed = list(islice(absent, EMPTY_CROSSINGS_LISTED))
        out[name] = (listed, missing - len(listed))
    return out


def empty_crossings_text(name: str, listed, not_listed: int = 0) -> str:
    """One intersection's crossings without rows in words: ``race&sex: no rows for D&M``."""
    more = f" and {not_listed:,} more" if not_listed else ""
    return f"{name}: no rows for {', '.join(listed)}{more}"


# Group names that data such as UCI Adult write for a missing value ('?'), which no reader
# takes for one (the words a CSV reader reads as missing, 'NA', 'null', blank, are refused):
# compared whole, after strip, ignoring case. A group so named is audited, with a note.
# Not 'Unknown' (the explicit group every missing-value refusal suggests: chosen, not a code)
# nor 'None' (a religion's, a prior record's real answer).
MISSING_VALUE_CODES = frozenset(
    {"?", "-", "missing", "not stated", "n/a", "na", "nan", "null", "#n/a"}
)


def missing_value_codes(groups) -> list[str]:
    """The groups (names, in order) whose whole name, stripped, is a missing-value code."""
    return [str(g) for g in groups if str(g).strip().casefold() in MISSING_VALUE_CODES]


@argument_kinds(
    name=name_kind("one column name", "name the attribute, e.g. 'race'"),
    codes=items_kind("a list of the group labels", "e.g. ['?']"),
    leave_out=instance_kind(str, "text or None", "e.g. 'leave {it} out'", optional=True),
    words=instance_kind(
        dict, "a dict of flag -> the face's name, or None", "e.g. None", optional=True
    ),
)
def missing_value_codes_text(
    name: str, codes, *, leave_out: str | None = None, words: dict | None = None
) -> str:
    """The note on an attribute's groups named like a missing value, in every face's words:
    ``race: group '?' looks like a missing-value code; it is audited as a group of its own:
    if it stands for missing values, leave it out (--exclude-group 'race=?') or recode it``.
    ``leave_out``: how a face without ``--exclude-group`` leaves them out (P2NIA's estimate,
    the probes), its ``{it}``/``{its}`` said of one group or of several. ``words``: the face's
    name of each flag, as its refusals name them (:func:`in_face_words`): a Python keyword
    (``exclude_groups={'race': ['?']}``) or a form's field (``the field Leave groups out:
    race=?``)."""
    codes = [str(c) for c in codes]
    one = len(codes) == 1
    flags = _leave_out_words(name, codes, (words or {}).get("--exclude-group"))
    it, its = ("it", "its") if one else ("them", "their")
    flags = flags if leave_out is None else leave_out.format(it=it, its=its)
    return (
        f"{name}: {'group' if one else 'groups'} {', '.join(map(repr, codes))} "
        + ("looks like a missing-value code" if one else "look like missing-value codes")
        + ("; it is audited as a group" if one else "; they are audited as groups")
        + f" of {its} own: if {'it stands' if one else 'they stand'} for missing values, "
        f"leave {it} out ({flags}) or recode {it}"
    )


def look_alike_groups(groups) -> list[list[str]]:
    """The sets of ``groups`` (names, in their order) written alike: the same text but for case
    and the spaces around and between words ('Male', 'male', ' Male'), or the same finite
    number written differently ('01', '1', '1.0'); each set of two or more, in first-seen order."""
    sets: dict = {}
    for group in map(str, groups):
        sets.setdefault(_written_key(group), []).append(group)
    return [names for names in sets.values() if len(names) > 1]


def _written_key(group: str):
    # exact decimal, never a float: 12345678901234567890 and ...891 are two codes, not one
    try:
        number = decimal.Decimal(group.strip())
    except (decimal.InvalidOperation, ValueError):
        number = decimal.Decimal("NaN")
    if number.is_finite():
        return ("number", number)
    return ("text", " ".join(group.split()).casefold())


def look_alike_notes(attrs: dict, intersections=None, words: dict | None = None) -> list[str]:
    """The note (:func:`look_alike_groups_text`) on each attribute of ``attrs`` (name ->
    (groups, codes), after the group edits) whose groups are written alike ('Male' and 'male',
    '01' and '1'): audited apart, the split is said, never silent. An intersection's
    crossings are not noted again (its attributes are)."""
    from ._validate import INTERSECTION_SEP

    crossed = {INTERSECTION_SEP.join(map(str, combo)) for combo in intersections or ()}
    return [
        look_alike_groups_text(str(name), sets, words)
        for name, (groups, _) in attrs.items()
        if str(name) not in crossed and (sets := look_alike_groups(groups))
    ]


LOOK_ALIKE_SETS_LISTED = 5  # a note names at most these sets of groups written alike


def look_alike_groups_text(name: str, sets, words: dict | None = None) -> str:
    """The note on an attribute's groups written alike (:func:`look_alike_groups`), said by
    every face: ``column 'sex': groups 'Male' and 'male' differ only in letter case, and are
    audited as separate groups; if they are one group, recode them to one spelling in the
    data, or merge them: --merge-groups sex=Male,male:Male on the command line,
    merge_groups={'sex': {'Male': ['Male', 'male']}} in Python``."""

    sets = [[str(g) for g in names] for names in sets]
    many, kinds = len(sets) > 1, {_written_key(names[0])[0] for names in sets}
    how = {"text": "in letter case", "number": "in how a number is written"}
    shown = sets[:LOOK_ALIKE_SETS_LISTED]
    listed = "; ".join(", ".join(map(repr, g[:-1])) + f" and {g[-1]!r}" for g in shown)
    more = len(sets) - LOOK_ALIKE_SETS_LISTED
    listed += f" (and {more} more such sets)" if more > 0 else ""
    merge = _merge_said(name, sets[0], (words or {}).get("--merge-groups"))
    return (
        f"column {name!r}: groups {listed} {'each ' if many else ''}differ only "
        + " or ".join(how[k] for k in sorted(kinds, reverse=True))
        + f", and are audited as separate groups; if {'each set is' if many else 'they are'} "
        f"one group, recode {'each' if many else 'them'} to one spelling in the data, or merge "
        f"them: {'e.g. ' if many else ''}{merge}"
    )


def _merge_said(name: str, names: list[str], said: str | None) -> str:
    """The merge of ``names`` into its first as the face that ``said`` names
    ``--merge-groups`` takes it (as :func:`_leave_out_words`): None, the command line's flag
    and Python's keyword; a Python keyword, its dict; a form's field, its line."""
    from .._text import typed_group
    from ._validate import _merge_words

    if said and said.isidentifier():
        return f"{said}={{{name!r}: {{{names[0]!r}: {names!r}}}}}"
    if said and not said.startswith("-"):
        typed = ",".join(typed_group(g, in_merge=True) for g in names)
        return f"{said}: {name}={typed}:{typed_group(names[0], in_merge=True)}"
    return _merge_words(name, {names[0]: names}, names[0])[0] + " in Python"


def _leave_out_words(name: str, codes: list[str], said: str | None) -> str:
    """How the face that ``said`` names ``--exclude-group`` (None: the command line) leaves
    ``codes`` of attribute ``name`` out."""
    import shlex

    if said and said.isidentifier():  # a Python keyword: its dict, as the call takes it
        return f"{said}={{{name!r}: {codes!r}}}"
    # ' ?' (UCI Adult's raw file): the flag strips a name unless it is in double quotes
    spelled = [f'"{c}"' if c != c.strip() else c for c in codes]
    if said and not said.startswith("-"):  # a form's field, one ATTR=GROUP a line
        return f"{said}: " + " and ".join(f"{name}={c}" for c in spelled)
    flag = said or "--exclude-group"
    return " ".join(f"{flag} {shlex.quote(f'{name}={c}')}" for c in spelled)


def in_face_words(result, words: dict | None):
    """``result`` (an audit's, a comparison's, a threshold view's) whose notes name each flag
    as ``words`` maps it: the face that asked for it (a Python call's keywords, the web's
    fields), as that face's refusals name them; None: the command line's flags."""
    for one in (result, getattr(result, "audit_a", None), getattr(result, "audit_b", None)):
        if one is not None and hasattr(type(one), "flag_words"):
            one.flag_words = dict(words) if words else None
    return result


@dataclass
class AttributeSummary:
    name: str
    reference: str
    reference_source: str
    groups: list[GroupSummary]
    # an intersection's crossings of observed values with no rows (at most
    # EMPTY_CROSSINGS_LISTED named) and how many more; in the JSON only when there are some
    empty_crossings: list[str] = field(default_factory=list)
    empty_crossings_not_listed: int = 0
    # its groups named like a missing value ('?', 'unknown'): in the JSON only when some are
    missing_value_codes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        d = json_fields(self, "name reference reference_source groups")
        if self.empty_crossings:
            d["empty_crossings"] = list(self.empty_crossings)
        if self.empty_crossings_not_listed:
            d["empty_crossings_not_listed"] = int(self.empty_crossings_not_listed)
        if self.missing_value_codes:
            d["missing_value_codes"] = list(self.missing_value_codes)
        return d

    @property
    def missing_value_codes_text(self) -> str | None:
        """The note on this attribute's groups named like a missing value, if any."""
        if not self.missing_value_codes:
            return None
        return missing_value_codes_text(self.name, self.missing_value_codes)

    @property
    def empty_crossings_text(self) -> str | None:
        """``race&sex: no rows for D&M`` when this intersection has crossings without rows."""
        if not self.empty_crossings:
            return None
        return empty_crossings_text(
            self.name, self.empty_crossings, self.empty_crossings_not_listed
        )


@dataclass
class Comparison:
    """One comparison group against its attribute's reference group."""

    attribute: str
    group: str
    reference: str
    n: dict[str, int]
    label_counts: dict[str, dict[str, int]] | None
    metrics: dict[str, MetricEstimate]
    status: str
    flagged: bool
    flag_rules: list[str]
    flag_reason: str | None
    z_test: dict
    composite: float | None
    floors: dict[str, bool]
    disadvantaged: str | None = None  # which side a DI flag disadvantages, given the label's sign
    # the audit's policy (``config["policy"]``, set by its AuditResult): the thresholds the
    # repr and notebook cell print a DI/EO bound beside; not part of the JSON
    policy: dict | None = field(default=None, repr=False, compare=False)

    @property
    def key(self) -> str:
        return f"{self.attribute}:{self.group}"

    def n_text(self, sep: str = "/") -> str:
        """``group{sep}reference`` rows, with thousands separators as every face prints a
        count (``1,500/3,500``); a group ``--min-cell`` suppressed (no n) as ``suppressed``."""
        counts = (self.n["group"], self.n["reference"])
        return sep.join("suppressed" if n is None else f"{n:,}" for n in counts)

    def __repr__(self) -> str:
        return _display.comparison_repr(self)

    def _repr_html_(self) -> str:
        return _display.comparison_html(self)

    def to_dict(self) -> dict:
        return {
            **json_fields(self, "attribute group reference n label_counts", floors_met="floors"),
            **json_fields(self, "metrics status flagged flag_rules flag_reason disadvantaged"),
            **json_fields(self, "z_test composite"),
        }


@dataclass
class Headline:
    """A one-number summary that is either published or withheld with a reason."""

    name: str
    value: float | None
    comparison: str | None
    withheld_reason: str | None
    band: str | None = None
    affected: list[str] = field(default_factory=list)  # comparisons that caused the withholding
    # The largest disparity only: comparisons left out because they could not be judged (so a
    # published value is a lower bound on the disparity). None: not written.
    not_judged: list[str] | None = None

    def __post_init__(self):
        # The schema's rule: exactly one of a finite value and a withheld reason (an unbounded
        # or undefined number is withheld, never published as inf or null).
        withheld = self.value is None and self.withheld_reason is not None
        published = self.withheld_reason is None and json_number(self.value) is not None
        if not (withheld or published):
            raise ValueError(
                f"headline {self.name!r}: give a finite value or a withheld reason, not "
                f"value={self.value!r}, withheld_reason={self.withheld_reason!r}"
            )

    @property
    def withheld(self) -> bool:
        return self.value is None

    def to_dict(self) -> dict:
        d = {"value": json_number(self.value), **json_fields(self, "comparison withheld_reason")}
        d["affected"] = self.affected
        if self.name == "composite":
            d["band"] = self.band
        if self.not_judged is not None:
            d["not_judged"] = self.not_judged
        return d


def _rank(c, favorable: bool) -> tuple:
    """Farthest from 1 first; on a tie (equal counts, or a DI of 0 beside an unbounded one),
    the comparison whose group the label's direction disadvantages, then the key: one order,
    whatever order the attributes were given in (their intervals are not: each attribute's
    draws come from its own stream, handed out in that order)."""
    m = c.metrics["disparate_impact"]
    disadvantaged = m.value < 1 if favorable else m.value > 1
    # how far from 1 on the log scale, as a gate ranks it (a DI of 0 or ∞: infinitely far)
    return (-_badness("disparate_impact", m.value), not disadvantaged, c.key)


def judged_largest_disparity(comparisons, favorable: bool = True) -> tuple | None:
    """(the judged comparison whose DI is farthest from 1 on the log scale, the keys of the
    comparisons that could not be judged), or None when none could be. ``favorable``: whether
    the predicted label is the favourable one (it breaks ties, see ``_rank``).

    A DI of 0 (the group never selected) or ∞ (the reference never selected) is judged, with
    its interval's finite bound: it is the largest disparity there is, not an unknown one."""
    judged, unjudged = [], []
    for c in comparisons:
        m = c.metrics.get("disparate_impact")
        ok = m is not None and m.value is not None and not math.isnan(m.value) and m.value >= 0
        if ok and m.status in ("PASS", "FLAGGED", "INCONCLUSIVE"):
            judged.append(c)
        else:
            unjudged.append(c.key)
    if not judged:
        return None
    return min(judged, key=lambda c: _rank(c, favorable)), unjudged


def largest_disparity_headline(comparisons, favorable: bool = True) -> Headline:
    """The DI farthest from 1 either way: the headline of a harmful label's report, where the
    minimum DI points at the group given the harm less often. Published among the judged
    comparisons (``not_judged`` lists the others); withheld when none could be judged, or when
    the largest is unbounded (the reference never given the label: no finite number;
    ``affected`` lists every judged comparison whose DI is unbounded)."""
    found = judged_largest_disparity(comparisons, favorable)
    if found is None:
        keys = [c.key for c in comparisons]
        why = "no comparison's DI could be judged (below a sample floor or undefined)"
        return Headline("largest_disparity", None, None, why, affected=keys, not_judged=keys)
    c, unjudged = found
    m = c.metrics["disparate_impact"]
    if math.isinf(m.value):
        unbounded = [
            k
            for k in comparisons
            if k.key not in unjudged and math.isinf(k.metrics["disparate_impact"].value)
        ]
        said = ", ".join(spaced_key(k.attribute, k.group) for k in unbounded)
        why = f"DI is unbounded for {said}: the reference group's selection rate is 0"
        unbounded = [k.key for k in unbounded]
        return Headline(
            "largest_disparity", None, c.key, why, affected=unbounded, not_judged=unjudged
        )
    return Headline("largest_disparity", m.value, c.key, None, not_judged=unjudged)


@refusing_unknown_keywords
@dataclass
class AuditResult:
    """Everything an audit found. ``to_dict``/``to_json`` follow the versioned schema."""

    attributes: list[AttributeSummary]
    comparisons: list[Comparison]
    composite: Headline
    min_disparate_impact: Headline
    config: dict
    data: dict = field(default_factory=dict)
    # How the run was asked for and what it read (``ethiclens.run``): UTC time, version, the
    # input's fingerprint, the spec, the engine and the gate's outcome. None for a bare audit().
    run: dict | None = None
    # how the face that asked for it names each flag in its notes (in_face_words); no field
    flag_words = None

    def __post_init__(self) -> None:
        for c in self.comparisons:  # each comparison's views print bounds beside this policy
            c.policy = c.policy or self.config.get("policy")

    @property
    def flagged(self) -> list[Comparison]:
        return [c for c in self.comparisons if c.flagged]

    @property
    def look_alike_notes(self) -> list[str]:
        """The notes on each attribute's groups written alike ('Male' and 'male'), as the run
        said them (:func:`look_alike_notes`; in ``data.provenance.notes`` too), in the words of the
        face that asked for the audit (:func:`in_face_words`)."""
        attrs = {a.name: ([g.group for g in a.groups], None) for a in self.attributes}
        return look_alike_notes(attrs, self.config.get("intersections"), self.flag_words)

    @property
    def largest_disparity(self) -> Headline:
        """The DI farthest from 1 either way (``headlines.largest_disparity``): a harmful
        label's headline in every report, beside the minimum DI."""
        favorable = self.config.get("positive_is_favorable", True)
        return largest_disparity_headline(self.comparisons, favorable)

    @property
    def empty_crossing_notes(self) -> list[str]:
        """``race&sex: no rows for D&M`` per intersection whose crossings of observed groups
        have no rows (``attributes[].empty_crossings`` in words)."""
        return [a.empty_crossings_text for a in self.attributes if a.empty_crossings_text]

    @property
    def attribute_notes(self) -> list[str]:
        """What every face says under the attributes: each intersection's crossings without
        rows (:attr:`empty_crossing_notes`), then each attribute's groups named like a
        missing value (``race: group '?' looks like a missing-value code; ...``)."""
        return [*self.empty_crossing_notes, *self.missing_code_notes]

    @property
    def missing_code_notes(self) -> list[str]:
        """Each attribute's note on its groups named like a missing value, in the words of
        the face that asked for the audit (:func:`in_face_words`)."""
        return [
            missing_value_codes_text(a.name, a.missing_value_codes, words=self.flag_words)
            for a in self.attributes
            if a.missing_value_codes
        ]

    def gate(self, fail_on: str | None = None, baseline=None):
        """The pipeline gate: whether this result passes, as the CLI's ``--fail-on`` decides.

        Parameters
        ----------
        fail_on : {"flagged", "inconclusive", "insufficient", "never"}, optional
            What fails: ``flagged`` any FLAGGED comparison, ``inconclusive`` also INCONCLUSIVE,
            ``insufficient`` also any comparison not judged (INSUFFICIENT_DATA, UNDEFINED),
            ``never`` nothing. None: the run's own spec setting
            (``self.run["spec"]["gate"]``, as the CLI decides), else ``never``.
        baseline : str, path, dict or AuditResult, optional
            A previous JSON report of the same spec (its path, its dict, or the result): a
            verdict that got worse, or a DI/EO that moved for the worse beyond both intervals,
            fails. Only for a result of a spec run (a named target such as
            ``ethiclens.audit("compas")``, ``ethiclens.run``, the CLI): an audit of arrays has
            no spec to compare and is refused. None: the run's spec baseline, else none.

        Returns
        -------
        GateOutcome
            ``.passed``, ``.message()``, ``.notes``.

        Raises
        ------
        EthicLensInputError
            An unknown ``fail_on``; a baseline that is not an intact report of this EthicLens
            (naming its first bad key), of another spec, or given to an audit of arrays.
        """
        from ._gate import gate

        return gate(self, fail_on, baseline)  # its own report: no schema check of it

    def comparison(self, attribute: str, group: str) -> Comparison:
        for c in self.comparisons:  # names as the report prints them: 0 finds attribute '0'
            if c.attribute == str(attribute) and c.group == str(group):
                return c
        known = [f"{c.attribute}:{c.group}" for c in self.comparisons]
        refs = {a.name: a.reference for a in self.attributes}
        why = ""
        if refs.get(str(attribute)) == str(group):
            said = f"{spaced_name(group)} is {spaced_name(attribute)}'s reference group"
            why = f" ({said}: the others are compared with it)"
        raise _display.NotFoundError(
            f"no comparison {spaced_key(attribute, group)}{why}",
            column="group" if str(attribute) in refs else "attribute",
            kind="argument",
            fix=f"the comparisons are {known}",
        )

    def to_dict(self) -> dict:
        """The report as a dict of JSON types, in the versioned schema (docs/report-schema.md).

        Returns
        -------
        dict
            ``schema_version``, ``config``, ``data``, ``attributes`` (per-group metrics),
            ``comparisons`` (each with its metrics, intervals, status and reasons),
            ``headlines`` (composite, minimum DI, largest disparity: each a value or a withheld
            reason), ``summary`` (flagged comparisons, status counts) and, for a spec run,
            ``run`` (time, version, input fingerprint, spec, gate). Undefined numbers are None
            (JSON null), never NaN or inf; ``to_json`` is this, serialized.
        """
        statuses = [c.status for c in self.comparisons]
        return {
            "schema_version": SCHEMA_VERSION,
            "config": self.config,
            "data": self.data,
            "attributes": [a.to_dict() for a in self.attributes],
            "comparisons": [c.to_dict() for c in self.comparisons],
            "headlines": {
                "composite": self.composite.to_dict(),
                "min_disparate_impact": self.min_disparate_impact.to_dict(),
                "largest_disparity": self.largest_disparity.to_dict(),
            },
            "summary": {
                "n_comparisons": len(self.comparisons),
                "flagged": [c.key for c in self.flagged],
                "status_counts": {s: statuses.count(s) for s in sorted(set(statuses))},
            },
            **({"run": self.run} if self.run is not None else {}),
        }

    def to_json(self, *, indent: int | None = 2) -> str:
        """The report as JSON text (``indent`` is keyword-only: ``to_json("out.json")`` is an
        error, not a file)."""
        return json.dumps(self.to_dict(), indent=indent, allow_nan=False)

    def __repr__(self) -> str:
        return _display.audit_repr(self)

    def _repr_html_(self) -> str:
        return _display.audit_html(self)

    def by_group(self, attribute: str | None = None, intervals: bool = True) -> pd.DataFrame:
        """Per-group rates, one row per (attribute, group), like Fairlearn's ``by_group``.

        Columns: ``n`` (and, weighted, ``n_effective``: the Kish effective rows its floors
        judged), ``positives`` and ``negatives`` (true labels), then every per-group
        metric of the registry (selection rate, base rate, accuracy, TPR, FPR, FNR, PPV, NPV,
        FDR, FOR, Theil index; ECE when scores were given), each followed by
        ``<metric>_ci_low`` and ``<metric>_ci_high`` when ``intervals``. Undefined values are
        NaN, never 0; below the sample floor a value is shown without an interval.

        When the audit had scores, ``auc`` (Mann-Whitney, as scikit-learn's
        ``roc_auc_score``) with its DeLong interval (normal on logit(AUC)), and ``auc_note``:
        why the AUC or its interval is missing (None when both are there). AUC needs each
        row's score and unweighted rows: after a weighted audit, an ``audit_counts`` of binned
        scores or a result read back from JSON, ``auc`` is NaN and ``auc_note`` says why.

        Parameters
        ----------
        attribute : str, optional
            Only this attribute; the index is then the group alone.
        intervals : bool
            Include the interval columns (default True); the frame's ``attrs`` then name their
            method and level (``ci_method``, ``confidence_level``, as the JSON's ``config``;
            each interval's own method, e.g. extended to a rate of 0, is in ``to_dict()``).
        """
        intervals = check_flag(intervals, "intervals")
        attrs = self.attributes
        if attribute is not None:
            attrs = [a for a in attrs if a.name == str(attribute)]
            if not attrs:
                raise _display.not_found("attribute", attribute, [a.name for a in self.attributes])
        rows, index = [], []
        for a in attrs:
            for g in a.groups:
                row = {"n": g.n}
                if self.config.get("weighted"):  # what its floors judged (the JSON's)
                    row["n_effective"] = _nan(g.n_effective)
                row |= {"positives": g.n_positive_label, "negatives": g.n_negative_label}
                for name, m in g.metrics.items():
                    row[name] = _nan(m.value)
                    if intervals:
                        row[f"{name}_ci_low"] = _nan(m.ci_low)
                        row[f"{name}_ci_high"] = _nan(m.ci_high)
                if self.config.get("has_scores"):
                    row.update(_auc_columns(g.auc, intervals))
                rows.append(row)
                index.append(g.group if attribute is not None else (a.name, g.group))
        if attribute is not None:
            idx = pd.Index(index, name=attribute)
        else:
            idx = pd.MultiIndex.from_tuples(index, names=["attribute", "group"])
        frame = pd.DataFrame(rows, index=idx)
        if "auc_note" in frame:  # None where nothing is missing, as documented (pandas 3's str
            # column would turn it into NaN beside a group's note)
            frame["auc_note"] = pd.Series([r["auc_note"] for r in rows], idx, dtype=object)
        if intervals:  # every interval says its method
            frame.attrs.update({k: self.config.get(k) for k in ("ci_method", "confidence_level")})
        return frame

    def to_html(self, path, title: str | None = None):
        """Write the HTML report (as ``ethiclens audit --html``) atomically; returns the path."""
        return _display.write("audit_html", path, "report.html", "--html", self, path, title)

    def plot(self, kind: str = "forest", attribute: str | None = None):
        """A matplotlib Figure: ``"forest"`` — DI and equalized odds per comparison with their
        intervals against the policy band; ``"rates"`` — PPV and FPR per group of ``attribute``
        (default: the first). In a notebook the figure is drawn below the cell."""
        return _display.in_python_words(
            lambda: _display.renderer("audit_figure")(self, kind, attribute),
            {"kind": "kind", "attribute": "attribute"},
        )

    def to_model_card(self, path):
        """Write the model card (as ``ethiclens audit --model-card``) atomically: Markdown for a
        ``.md``/``.markdown`` path, HTML for ``.html``/``.htm``; returns the path."""
        return _display.write("audit_card", path, "card.md", "--model-card", self, path)

    def to_frame(self) -> pd.DataFrame:
        """One row per (comparison, metric). Undefined numbers are NaN; an unbounded DI (the
        reference never selected) and its interval's high end are ``inf``, as the result holds
        them and ``by_group`` writes them (the JSON, which has no infinity, writes null)."""
        rows = [
            {
                "attribute": c.attribute,
                "group": c.group,
                "reference": c.reference,
                "n_group": c.n["group"],
                "n_reference": c.n["reference"],
                "metric": name,
                **m.to_dict(),
                **{k: _nan(getattr(m, k)) for k in ("value", "ci_low", "ci_high")},
                "comparison_status": c.status,
                "flagged": c.flagged,
            }
            for c in self.comparisons
            for name, m in c.metrics.items()
        ]
        return pd.DataFrame(rows)
